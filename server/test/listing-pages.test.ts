/** Issue 11 item 14 on the server: the public tender list marks 报名截止 as the member's list does. */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDataInfo } from '@shared/contract/common';
import type { ZbListItem } from '@shared/contract/content';
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

const page = (path: string) => request(portal.app).get(path);

function has(html: string, fragment: string): void {
  expect(html.includes(fragment), `page should contain: ${fragment}`).toBe(true);
}

describe('the public tender list marks 报名截止', () => {
  it('as closed, or with the days left', async () => {
    const { rows } = await api<TableDataInfo<ZbListItem>>('/api/zb/search?pageSize=20');
    const [open, closed] = [rows[0], rows.find((row, i) => i > 0 && row.signupDeadline)];
    expect(open && closed).toBeTruthy();
    // Three Shanghai calendar days from today, at the end of that day.
    const inThreeDays = parseTime(Date.now() + 3 * 86_400_000, 'YYYY-MM-DD');
    portal.backend.db
      .prepare('UPDATE zb SET signup_deadline = ? WHERE id = ?')
      .run(`${inThreeDays} 23:59:59`, open?.id);
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
