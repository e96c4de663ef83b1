/**
 * The load run's verdict on refusals: only the render gate's documented shedding of anonymous pages
 * and the backend's early refusal of logins (429) pass.
 */
import { describe, expect, it } from 'vitest';
import { isDocumentedShedding, type Kind, type PlannedRequest } from './mix';

const planned = (kind: Kind, path = '/zb'): PlannedRequest => ({ kind, method: 'GET', path, headers: {} });
const SHED_HEADERS = { 'Retry-After': '5', 'Content-Type': 'text/html; charset=utf-8' };

describe('isDocumentedShedding', () => {
  it('is a 503 with Retry-After and the error page, on an anonymous page', () => {
    for (const kind of ['page', 'search-page', 'detail-page'] as const)
      expect(isDocumentedShedding(planned(kind), 503, SHED_HEADERS)).toBe(true);
    // Header names as the load tool reports them, in any case.
    expect(isDocumentedShedding(planned('page'), 503, { 'retry-after': '5', 'content-type': 'text/html; charset=utf-8' })).toBe(true);
  });

  it('is never a member page, an API call, another 5xx, or a 503 without Retry-After or as JSON', () => {
    expect(isDocumentedShedding(planned('member-page', '/user'), 503, SHED_HEADERS)).toBe(false);
    for (const kind of ['search-api', 'detail-api', 'home-api', 'captcha', 'login', 'member-info'] as const)
      expect(isDocumentedShedding(planned(kind), 503, SHED_HEADERS)).toBe(false);
    for (const status of [500, 502, 504]) expect(isDocumentedShedding(planned('page'), status, SHED_HEADERS)).toBe(false);
    expect(isDocumentedShedding(planned('page'), 503, { 'Content-Type': 'text/html; charset=utf-8' })).toBe(false);
    expect(isDocumentedShedding(planned('page'), 503, { 'Retry-After': '0', 'Content-Type': 'text/html' })).toBe(false);
    expect(isDocumentedShedding(planned('page'), 503, { 'Retry-After': '5', 'Content-Type': 'application/json; charset=utf-8' })).toBe(
      false,
    );
    expect(isDocumentedShedding(planned('page'), 200, SHED_HEADERS)).toBe(false);
  });

  it('is a login refused with 429, Retry-After and the JSON envelope, and no other 429', () => {
    const login: PlannedRequest = { kind: 'login', method: 'POST', path: '/prod-api/api/member/login', headers: {} };
    const busy = JSON.stringify({ code: 429, msg: '登录人数较多，请稍后再试' });
    const headers = { 'retry-after': '2', 'content-type': 'application/json; charset=utf-8' };
    expect(isDocumentedShedding(login, 429, headers, busy)).toBe(true);
    expect(isDocumentedShedding(login, 429, { 'content-type': 'application/json' }, busy)).toBe(false);
    expect(isDocumentedShedding(login, 429, headers, JSON.stringify({ code: 500, msg: 'x' }))).toBe(false);
    expect(isDocumentedShedding(login, 503, headers, busy)).toBe(false);
    for (const kind of ['search-api', 'member-info', 'member-page', 'page'] as const)
      expect(isDocumentedShedding(planned(kind), 429, headers, busy)).toBe(false);
  });
});
