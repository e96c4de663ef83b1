/**
 * The notice lifecycle on the server-rendered detail pages: a tender shows its process's notices (current
 * marked, others linked) and its project; a 变更公告 shows 变更内容 before → after against the
 * notice it changes; the changed notice shows "本公告已于 … 变更" linking to the change; the
 * project shows its stages and tenders. Against a spec-only backend none of it appears.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeImportRecord } from '@shared/content/notices';
import { importNotices } from '../../backend/src/modules/content/import';
import { createTestPortal, type TestPortal } from './harness';

const base = {
  kind: 'zb',
  processCode: 'SDBD-LC-0001',
  projectCode: 'XM-LC-0001',
  areaCode: '370104',
  industry: '市政',
  tenderer: '济南市槐荫区城市管理局',
  agency: '山东琥珀湾招标代理有限公司',
} as const;

const records: NoticeImportRecord[] = [
  {
    kind: 'xmk',
    sourceId: 'lc-xm-1',
    projectCode: 'XM-LC-0001',
    title: '琥珀湾片区综合开发项目',
    noticeType: '审批',
    areaCode: '370104',
    industry: '市政',
    amount: 56000,
    publishTime: '2024-05-20 09:00:00',
    tenderer: '济南市槐荫区城市建设投资有限公司',
  },
  {
    ...base,
    sourceId: 'lc-zb-1',
    title: '琥珀湾片区道路改造工程施工招标公告',
    noticeType: '招标公告',
    amount: 1280.5,
    publishTime: '2024-06-10 09:00:00',
    openTime: '2024-07-02 09:30:00',
  },
  {
    ...base,
    sourceId: 'lc-zb-2',
    title: '琥珀湾片区道路改造工程施工变更公告',
    noticeType: '3',
    publishTime: '2024-06-11 10:00:00',
    openTime: '2024-07-09 09:30:00',
  },
];

async function importAll(portal: TestPortal): Promise<{ announcement: number; amendment: number; project: number }> {
  const res = await request(portal.backend.app)
    .post('/admin/content/import')
    .set(portal.backend.admin())
    .type('application/x-ndjson')
    .send(records.map((r) => JSON.stringify(r)).join('\n'));
  expect(res.body.code).toBe(200);
  const id = (table: string, title: string) =>
    (portal.backend.db.prepare(`SELECT id FROM ${table} WHERE title = ?`).get(title) as { id: number }).id;
  return { announcement: id('zb', records[1]!.title), amendment: id('zb', records[2]!.title), project: id('xmk', records[0]!.title) };
}

describe('with the lifecycle capability', () => {
  let portal: TestPortal;
  let ids: Awaited<ReturnType<typeof importAll>>;
  beforeAll(async () => {
    portal = await createTestPortal({ projects: 20, tenders: 30 });
    ids = await importAll(portal);
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('the changed notice: banner linking to the change, timeline with itself marked and the change linked', async () => {
    const res = await request(portal.app).get(`/zb/${ids.announcement}`);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/本公告已于 <time[^>]*>2024-06-11 10:00<\/time>/);
    expect(res.text).toContain(`href="/zb/${ids.amendment}"`);
    expect(res.text).toContain('招标进程');
    expect(res.text).toMatch(/aria-current="page"[^]*当前公告/);
    expect(res.text).toContain(`href="/xmk/${ids.project}"`);
  });

  it('the 变更公告: 变更内容 before → after against the notice it changes', async () => {
    const res = await request(portal.app).get(`/zb/${ids.amendment}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('变更内容');
    expect(res.text).toContain(`对比原公告：<a href="/zb/${ids.announcement}"`);
    expect(res.text).toMatch(
      /<th scope="row">开标时间<\/th><td class="changes-before"><time[^>]*>2024-07-02 09:30<\/time><\/td><td class="changes-after"><time[^>]*>2024-07-09 09:30<\/time>/,
    );
    expect(res.text).not.toContain('本公告已于');
  });

  it('the project: its stages with dates and its tenders', async () => {
    const res = await request(portal.app).get(`/xmk/${ids.project}`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('项目招标');
    expect(res.text).toContain(`href="/zb/${ids.announcement}"`);
    expect(res.text).toContain(`href="/zb/${ids.amendment}"`);
    expect(res.text).toMatch(/当前阶段/);
  });

  it('the mobile details show the same timeline, linking to mobile pages', async () => {
    const tender = await request(portal.app).get(`/m/pages/zb/detail?id=${ids.announcement}`);
    expect(tender.status).toBe(200);
    expect(tender.text).toContain('招标进程');
    expect(tender.text).toMatch(/aria-current="page"[^]*当前公告/);
    expect(tender.text).toContain(`href="/m/pages/zb/detail?id=${ids.amendment}"`);
    const project = await request(portal.app).get(`/m/pages/xmk/detail?id=${ids.project}`);
    expect(project.status).toBe(200);
    expect(project.text).toContain('项目进展');
    expect(project.text).toMatch(/aria-current="step"[^]*当前阶段/);
  });

  it('the mobile details show the banner and 变更内容, linking to mobile pages', async () => {
    const changed = await request(portal.app).get(`/m/pages/zb/detail?id=${ids.announcement}`);
    expect(changed.status).toBe(200);
    expect(changed.text).toMatch(/本公告已于 <time[^>]*>2024-06-11 10:00<\/time>/);
    expect(changed.text).toMatch(new RegExp(`变更，请以变更后的内容为准。<a href="/m/pages/zb/detail\\?id=${ids.amendment}"`));
    expect(changed.text).not.toContain('变更内容');
    const amendment = await request(portal.app).get(`/m/pages/zb/detail?id=${ids.amendment}`);
    expect(amendment.status).toBe(200);
    expect(amendment.text).toContain('变更内容');
    expect(amendment.text).toContain(`对比原公告：<a href="/m/pages/zb/detail?id=${ids.announcement}"`);
    expect(amendment.text).toMatch(
      /<dt>开标时间<\/dt><dd><span class="m-changes-side">变更前<\/span><span class="changes-before"><time[^>]*>2024-07-02 09:30<\/time><\/span><\/dd><dd><span class="m-changes-side">变更后<\/span><span class="changes-after"><time[^>]*>2024-07-09 09:30<\/time>/,
    );
    expect(amendment.text).not.toContain('本公告已于');
  });
});

describe('against a spec-only backend', () => {
  let portal: TestPortal;
  let ids: Awaited<ReturnType<typeof importAll>>;
  beforeAll(async () => {
    // Imported before the extensions go: the data is there, the capability is not.
    portal = await createTestPortal({ projects: 20, tenders: 30, extensions: false });
    ids = await (async () => {
      importNotices(portal.backend.db, records.map((r) => JSON.stringify(r)).join('\n'), {
        changedBy: 'import',
        now: portal.backend.clock(),
      });
      const id = (table: string, title: string) =>
        (portal.backend.db.prepare(`SELECT id FROM ${table} WHERE title = ?`).get(title) as { id: number }).id;
      return { announcement: id('zb', records[1]!.title), amendment: id('zb', records[2]!.title), project: id('xmk', records[0]!.title) };
    })();
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('shows the details without lifecycle, changes or banner', async () => {
    for (const path of [`/zb/${ids.announcement}`, `/zb/${ids.amendment}`]) {
      const res = await request(portal.app).get(path);
      expect(res.status, path).toBe(200);
      for (const text of ['招标进程', '变更内容', '本公告已于']) expect(res.text.includes(text), `${path}: ${text}`).toBe(false);
    }
    const project = await request(portal.app).get(`/xmk/${ids.project}`);
    expect(project.status).toBe(200);
    expect(project.text).not.toContain('项目招标');
    // The stage history call is spec: 项目进展 stays, from it.
    expect(project.text).toContain('项目进展');
    const mobileTender = await request(portal.app).get(`/m/pages/zb/detail?id=${ids.announcement}`);
    expect(mobileTender.status).toBe(200);
    expect(mobileTender.text).not.toContain('招标进程');
    expect(mobileTender.text).not.toContain('本公告已于');
    const mobileAmendment = await request(portal.app).get(`/m/pages/zb/detail?id=${ids.amendment}`);
    expect(mobileAmendment.status).toBe(200);
    expect(mobileAmendment.text).not.toContain('变更内容');
    const mobileProject = await request(portal.app).get(`/m/pages/xmk/detail?id=${ids.project}`);
    expect(mobileProject.status).toBe(200);
    expect(mobileProject.text).toContain('项目进展');
  });
});
