/** The load run's verdict on 5xx: only the render gate's documented shedding of anonymous pages passes. */
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
});
