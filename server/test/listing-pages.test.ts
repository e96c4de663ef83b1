/**
 * Listings on the server: a page number past the last page is a 404 that says so and
 * links the last page (not page 1 under the URL's number); the public tender list marks 报名截止
 * as the member's list does; a masked contact block says what unlocks it (points or a tier).
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDataInfo } from '@shared/contract/common';
import type { XmkDetail, ZbListItem } from '@shared/content/types';
import type { MemberUser } from '@shared/member/types';
import { parseTime } from '@shared/time';
import { createTestPortal, type TestPortal } from './harness';

let portal: TestPortal;

beforeAll(async () => {
  portal = await createTestPortal({ projects: 120, tenders: 400 });
});

afterAll(async () => {
  await portal?.close();
});

async function api<T>(path: string): Promise<T> {
  return (await request(portal.backend.app).get(path)).body as T;
}

const page = (path: string, cookie?: string) => {
  const req = request(portal.app).get(path);
  return cookie ? req.set('Cookie', cookie) : req;
};

function has(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should contain: ${fragment}`).toBe(true);
}
function lacks(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should not contain: ${fragment}`).toBe(false);
}
/** The contact block's prompt as text (React's text-node markers removed). */
const contactPrompt = (html: string) => {
  const start = html.indexOf('class="contact-prompt"');
  return html.slice(start, html.indexOf('</p>', start)).replace(/<!-- -->/g, '');
};

const rowHrefs = (html: string, base: string) =>
  [...html.matchAll(new RegExp(`class="result-title">.*?href="(${base}/\\d+)"`, 'g'))].map((m) => m[1]);

describe('a page number past the last page', () => {
  it('/xmk?pageNum=9999 is a 404 that says so and links the last page', async () => {
    const { total } = await api<TableDataInfo<unknown>>('/api/xmk/search?pageSize=20');
    const last = Math.ceil(total / 20);
    const res = await page('/xmk?pageNum=9999');
    expect(res.status).toBe(404);
    has(res.text, '页码超出范围');
    has(res.text, `第 9999 页不存在：当前条件下共 ${last} 页。`);
    has(res.text, `href="/xmk?pageNum=${last}"`);
    // Not page 1 under the URL's number.
    expect(rowHrefs(res.text, '/xmk')).toEqual([]);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps the search and the page size in the link to the last page', async () => {
    const keyword = encodeURIComponent('道路');
    const { total } = await api<TableDataInfo<unknown>>(`/api/zb/search?keyword=${keyword}&pageSize=50`);
    const last = Math.ceil(total / 50);
    const res = await page(`/zb?keyword=${keyword}&pageNum=${last + 1}&pageSize=50`);
    expect(res.status).toBe(404);
    has(res.text, `href="/zb?keyword=${keyword}&amp;pageNum=${last}&amp;pageSize=50"`);
  });

  it('serves the last page itself', async () => {
    const { total } = await api<TableDataInfo<unknown>>('/api/xmk/search?pageSize=20');
    const last = Math.ceil(total / 20);
    const expected = await api<TableDataInfo<{ id: number }>>(`/api/xmk/search?pageNum=${last}&pageSize=20`);
    const res = await page(`/xmk?pageNum=${last}`);
    expect(res.status).toBe(200);
    expect(rowHrefs(res.text, '/xmk')).toEqual(expected.rows.map((row) => `/xmk/${row.id}`));
  });

  it('an empty search has one page', async () => {
    const res = await page(`/xmk?keyword=${encodeURIComponent('不存在的关键词组合甲乙丙')}&pageNum=2`);
    expect(res.status).toBe(404);
    has(res.text, '查看第一页');
  });
});

describe('the public tender list marks 报名截止', () => {
  it('as closed, or with the days left', async () => {
    const { rows } = await api<TableDataInfo<ZbListItem>>('/api/zb/search?pageSize=20');
    const [open, closed] = [rows[0], rows.find((row, i) => i > 0 && row.signupDeadline)];
    expect(open && closed).toBeTruthy();
    // Three Shanghai calendar days from today, at the end of that day.
    const inThreeDays = parseTime(Date.now() + 3 * 86_400_000, 'YYYY-MM-DD');
    portal.backend.db.prepare('UPDATE zb SET signup_deadline = ? WHERE id = ?').run(`${inThreeDays} 23:59:59`, open?.id);
    portal.backend.db.prepare('UPDATE zb SET signup_deadline = ? WHERE id = ?').run('2020-01-02 09:00:00', closed?.id);

    const res = await page('/zb');
    const rowOf = (id: number | undefined) => {
      const start = res.text.indexOf(`href="/zb/${id}"`);
      return res.text.slice(start, res.text.indexOf('</li>', start));
    };
    has(rowOf(open?.id), `报名截止：<!-- -->${inThreeDays}（剩 3 天）`);
    has(rowOf(closed?.id), '报名截止：<!-- -->2020-01-02（已截止）');
    has(rowOf(closed?.id), 'class="result-deadline is-closed"');
  });
});

describe('a masked contact block says what unlocks it', () => {
  it('to a visitor: points once logged in, or a tier; not that logging in is enough', async () => {
    const { data: item } = await api<{ data: XmkDetail }>('/api/cmsData/xmk/1');
    const res = await page('/xmk/1');
    const prompt = contactPrompt(res.text);
    has(prompt, `登录后可用 <strong>${item.unlockCost}</strong> 积分查看本条`);
    has(prompt, '短期会员与 VIP 会员可直接查看全部联系方式');
    lacks(res.text, '登录后可查看完整信息');
    has(res.text, '登录查看');
  });

  it('to a free member: the points it costs, their balance, and the tiers that show all', async () => {
    const cookie = await portal.memberCookie('demo', 'demo123');
    const token = cookie.split('=')[1] ?? '';
    const info = await request(portal.backend.app).get('/cms/member/getMemberInfo').set('Authorization', `Bearer ${token}`);
    const { score } = (info.body as { user: MemberUser }).user;
    const { data: item } = await api<{ data: XmkDetail }>('/api/cmsData/xmk/2');
    const prompt = contactPrompt((await page('/xmk/2', cookie)).text);
    has(prompt, `用 <strong>${item.unlockCost}</strong> 积分可查看本条（您现有 ${score} 积分${score < item.unlockCost ? '，不足' : ''}）`);
    has(prompt, '开通短期会员或 VIP 会员可免积分查看全部联系方式');
    lacks(prompt, '登录');
  });
});
