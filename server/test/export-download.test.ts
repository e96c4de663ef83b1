/**
 * Exports: the BFF passes an export through as the member: the bearer from the cookie, the file
 * streamed untouched (a real .xlsx at the other end), its Chinese file name in RFC 5987's
 * `filename*`, the export headers the page reads, and the quota's envelope when refused.
 */
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER, PLATFORM_VALUE } from '@shared/constants';
import { createTestPortal, type TestPortal } from './harness';

let portal: TestPortal;

beforeAll(async () => {
  portal = await createTestPortal({ projects: 30, tenders: 60 });
}, 60_000);

afterAll(async () => {
  await portal?.close();
});

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const download = (path: string, cookie: string) =>
  request(portal.app)
    .get(`/prod-api${path}`)
    .set({ Cookie: cookie, [PLATFORM_HEADER]: PLATFORM_VALUE, 'Sec-Fetch-Site': 'same-origin' })
    .buffer(true)
    .parse(binary as never);

describe('export through the BFF', () => {
  it('streams the member’s file with its Chinese name and export headers', async () => {
    const res = await download('/cms/export/zb?orderBy=amount', await portal.memberCookie('vip', 'vip123'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const disposition = res.headers['content-disposition'] as string;
    expect(disposition).toMatch(/^attachment; filename="zb-\d{8}\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(/^招标信息_\d{8}\.xlsx$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-export-rows']).toBe('60');
    expect(res.headers['x-export-truncated']).toBe('0');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.body as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('标题');
    expect(sheet.rowCount).toBe(61);
  });

  it('passes the quota’s refusal through as the envelope', async () => {
    const cookie = await portal.memberCookie('demo', 'demo123');
    const first = await download('/cms/export/xmk', cookie);
    expect(first.headers['x-export-truncated']).toBe('1');
    const refused = await download('/cms/export/zb', cookie);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(JSON.parse((refused.body as Buffer).toString())).toMatchObject({
      code: 403,
      msg: expect.stringContaining('今日导出额度已用完'),
    });
  });

  it('adds the bearer to a download our page sends the browser to (a phone), and to no other site’s', async () => {
    const cookie = await portal.memberCookie('vip', 'vip123');
    const follow = (headers: Record<string, string>) =>
      request(portal.app)
        .get('/prod-api/cms/export/xmk?keyword=道路')
        .set({ Cookie: cookie, ...headers })
        .buffer(true)
        .parse(binary as never);
    const ours: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'navigate' },
      { Host: 'portal.example', Referer: `http://portal.example/m/pages/xmk/index?keyword=${encodeURIComponent('道路')}` },
    ];
    for (const headers of ours) {
      const res = await follow(headers);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
    const theirs: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' },
      { 'Sec-Fetch-Site': 'none' },
      { Host: 'portal.example', Referer: 'https://evil.example/' },
      { Host: 'portal.example', Referer: 'http://portal.example.evil.example/' },
    ];
    for (const headers of theirs) {
      const res = await follow(headers);
      expect(JSON.parse((res.body as Buffer).toString())).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
    }
    // Only the exports: any other call still needs the platform header.
    const other = await request(portal.app).get('/prod-api/api/cmsData/testToken').set({ Cookie: cookie, 'Sec-Fetch-Site': 'same-origin' });
    expect(other.body.data.authenticated).toBe(false);
  });

  it('sends no bearer without the platform header, so the backend asks for a login', async () => {
    const res = await request(portal.app)
      .get('/prod-api/cms/export/zb')
      .set('Cookie', await portal.memberCookie('vip', 'vip123'));
    expect(res.body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });
});
