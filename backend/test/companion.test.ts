/**
 * The companion in-process (docs/decisions/companion.md): a CMS played by the embedded backend
 * with the extensions off, listening on loopback, and a companion with CMS_URL pointing at it. The
 * companion answers only the extension calls; members are the CMS's (their CMS bearer, favourites
 * read from the CMS); notices come through the CMS's public calls and the import, new ones as
 * alerts, changes as diffs, withdrawals taken out; a CMS that fails makes the follower back off.
 * The same with real processes: companion-process.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeImportRecord } from '@shared/content/notices';
import { formatDateTime } from '../src/clock';
import { importNotices, MSG_SOURCE_ID_NOT_CMS_ID } from '../src/modules/content/import';
import { withdrawNotice } from '../src/modules/content/withdraw';
import { MSG_CALL_THE_CMS } from '../src/modules/companion/scope';
import { createTestBackend, type TestBackend } from './fixture';

let cms: TestBackend;
let cmsServer: http.Server;
let companion: TestBackend;
let token: string;

beforeAll(async () => {
  cms = await createTestBackend({ extensions: false, captchaEnabled: false, projects: 30, tenders: 60 });
  cmsServer = http.createServer(cms.app);
  await new Promise<void>((resolve) => cmsServer.listen(0, '127.0.0.1', resolve));
  const { port } = cmsServer.address() as AddressInfo;
  companion = await createTestBackend({ cmsUrl: `http://127.0.0.1:${port}`, captchaEnabled: false, follow: { reconcileDays: 2 } });
  token = await cms.register('companion_member', 'abc12345');
});

afterAll(async () => {
  companion?.close();
  await new Promise((resolve) => cmsServer?.close(resolve));
  cms?.close();
});

/** Both clocks a minute on; the new time as a publish time. */
function tick(): string {
  cms.clock.advance(60_000);
  companion.clock.advance(60_000);
  return formatDateTime(cms.clock());
}

let source = 0;
function tender(overrides: Partial<NoticeImportRecord> = {}): NoticeImportRecord {
  return {
    kind: 'zb',
    sourceId: `companion-${++source}`,
    title: '伴随测试泉城路综合管廊工程施工招标公告',
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 800,
    publishTime: tick(),
    signupDeadline: '2024-06-28 17:00:00',
    openTime: '2024-07-01 09:30:00',
    tenderer: '济南市历下区城市管理局',
    agency: '山东正信招标有限公司',
    contact: { company: '济南市历下区城市管理局', name: '王工', phone: '13912345678', address: '济南市历下区' },
    content: '<p>本工程为泉城路综合管廊工程。</p>',
    ...overrides,
  };
}

/** Publish at the CMS as its own import would (the CLI's path: the CMS has no import call here). */
function publishAtCms(records: NoticeImportRecord[]) {
  importNotices(cms.db, records.map((r) => JSON.stringify(r)).join('\n'), { changedBy: 'import', now: cms.clock() });
}

const cmsId = (sourceId: string) => (cms.db.prepare('SELECT id FROM zb WHERE source_id = ?').get(sourceId) as { id: number }).id;
const held = (id: number) =>
  companion.db.prepare('SELECT id, title, amount FROM zb WHERE id = ?').get(id) as { id: number; amount: number } | undefined;
const asMember = () => ({ Authorization: `Bearer ${token}` });

describe('the companion of a CMS', () => {
  it('answers the extension calls it owns, and leaves the rest to the CMS', async () => {
    const capabilities = await request(companion.app).get('/api/ext/capabilities');
    expect(capabilities.body.data).toEqual(['alerts', 'capabilities', 'company', 'export', 'feeds', 'lifecycle', 'noticeTimeline']);
    for (const path of [
      '/api/zb/search',
      '/cms/member/getMemberInfo',
      '/api/cms/goods/list',
      '/cms/export/visits',
      '/cms/favorite/ids/zb',
    ]) {
      const res = await request(companion.app).get(path).set(asMember());
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ code: 404, msg: MSG_CALL_THE_CMS });
    }
  });

  it('knows a member by their CMS bearer, and nobody by another', async () => {
    expect((await request(companion.app).get('/cms/alerts/unread').set(asMember())).body).toEqual({ code: 200, msg: '操作成功', data: 0 });
    const stranger = await request(companion.app)
      .get('/cms/alerts/unread')
      .set({ Authorization: `Bearer ${'x'.repeat(43)}` });
    expect(stranger.body.code).toBe(401);
    // The mirror holds no password and no token.
    const row = companion.db.prepare("SELECT password_hash AS hash FROM member WHERE user_name = 'companion_member'").get() as {
      hash: string;
    };
    expect(row.hash).toBe('');
    expect(companion.db.prepare('SELECT COUNT(*) AS n FROM member_token').get()).toEqual({ n: 0 });
  });

  it('reads the CMS’s newest notices into its own database, under the CMS’s ids', async () => {
    const report = await companion.backend.follower!.follow();
    expect(report!.inserted).toBeGreaterThan(0);
    const newest = cms.db.prepare('SELECT id, title FROM zb ORDER BY publish_time DESC, id DESC LIMIT 1').get() as {
      id: number;
      title: string;
    };
    expect(held(newest.id)).toMatchObject({ id: newest.id, title: newest.title });
    // Nothing new: list calls only, no detail read again.
    const again = await companion.backend.follower!.follow();
    expect(again).toMatchObject({ details: 0, inserted: 0, updated: 0 });
  });

  it('alerts a subscribed member to a notice published at the CMS', async () => {
    const m = request(companion.app);
    expect((await m.post('/cms/alerts/subscriptions').set(asMember()).send({ name: '管廊', keywords: '综合管廊' })).body.code).toBe(200);
    const notice = tender();
    publishAtCms([notice]);
    const report = await companion.backend.follower!.follow();
    expect(report).toMatchObject({ inserted: 1, rejected: 0 });
    const list = await m.get('/cms/alerts/list').set(asMember());
    expect(list.body.rows).toEqual([
      expect.objectContaining({ kind: 'new', contentType: 'zb', contentId: cmsId(notice.sourceId), title: notice.title }),
    ]);
  });

  it('shows a change at the CMS of a notice the member favourited there as a diff', async () => {
    const notice = tender({ title: '伴随测试收藏变更工程施工招标公告' });
    publishAtCms([notice]);
    await companion.backend.follower!.follow();
    const id = cmsId(notice.sourceId);
    // Favourited at the CMS; the companion reads the favourites on the member's next call.
    expect((await request(cms.app).put('/cms/favorite/changeStatus').set(asMember()).send({ id, type: 'zb', isCancel: 0 })).body.code).toBe(
      200,
    );
    companion.clock.advance(61_000);
    const followed = () => companion.db.prepare('SELECT data_id AS id FROM favorite WHERE is_cancel = 0').all();
    expect(followed()).toEqual([]);
    expect((await request(companion.app).get('/cms/alerts/unread').set(asMember())).body.code).toBe(200);
    await vi.waitFor(() => expect(followed()).toEqual([{ id }]));

    publishAtCms([{ ...notice, amount: 950, publishTime: notice.publishTime }]);
    const report = await companion.backend.follower!.follow();
    expect(report).toMatchObject({ updated: 1 });
    expect(held(id)!.amount).toBe(950);
    const changed = (await request(companion.app).get('/cms/alerts/list').set(asMember()).query({ kind: 'changed' })).body.rows;
    expect(changed).toEqual([expect.objectContaining({ kind: 'changed', contentId: id, detail: expect.stringContaining('金额') })]);
    const versions = companion.db.prepare("SELECT COUNT(*) AS n FROM notice_version WHERE type = 'zb' AND data_id = ?").get(id);
    expect(versions).toEqual({ n: 1 });
    // The CMS's detail says nothing of it; the companion's timeline of the CMS's id does.
    expect((await request(cms.app).get(`/cms/bidding/data/${id}`).set(asMember())).body.data.changes).toBeUndefined();
    for (const caller of [{}, asMember()]) {
      const timeline = (await request(companion.app).get(`/api/ext/notices/zb/${id}/timeline`).set(caller)).body.data;
      expect(timeline.changes).toEqual([{ field: 'amount', label: '金额', before: 800, after: 950 }]);
      expect(timeline.changesAgainst).toMatchObject({ kind: 'version', version: 1, changedBy: 'import' });
      expect(timeline.lifecycle.notices).toEqual([expect.objectContaining({ id, title: notice.title })]);
    }
  });

  it('reads contacts unmasked with CMS_SERVICE_TOKEN, masks them per caller and copies unlocks made at the CMS', async () => {
    const { port } = cmsServer.address() as AddressInfo;
    const vip = await cms.login('vip', 'vip123');
    const served = await createTestBackend({
      cmsUrl: `http://127.0.0.1:${port}`,
      captchaEnabled: false,
      follow: { reconcileDays: 2, serviceToken: vip },
    });
    const refused = await createTestBackend({
      cmsUrl: `http://127.0.0.1:${port}`,
      captchaEnabled: false,
      follow: { reconcileDays: 2, serviceToken: 'not-a-token-the-cms-knows' },
    });
    try {
      const notice = tender({ title: '伴随测试服务账号联系人工程施工招标公告' });
      publishAtCms([notice]);
      const id = cmsId(notice.sourceId);
      const phoneHeld = (t: TestBackend) =>
        (t.db.prepare('SELECT contact_phone AS phone FROM zb WHERE id = ?').get(id) as { phone: string } | undefined)?.phone;
      for (const t of [served, refused, companion]) await t.backend.follower!.follow();
      expect(phoneHeld(served)).toBe('13912345678');
      for (const t of [refused, companion]) expect(phoneHeld(t)).toMatch(/^139\*+5678$/);

      // A new phone (and amount, which the list shows) at the CMS: the VIP sees both numbers in
      // 变更内容, a visitor neither.
      publishAtCms([{ ...notice, amount: 880, contact: { ...notice.contact, phone: '13987654321' }, publishTime: notice.publishTime }]);
      await served.backend.follower!.follow();
      const phoneChange = async (caller: Record<string, string>) =>
        ((await request(served.app).get(`/api/ext/notices/zb/${id}/timeline`).set(caller)).body.data.changes as { field: string }[]).find(
          (c) => c.field === 'contact.phone',
        );
      expect(await phoneChange({ Authorization: `Bearer ${vip}` })).toMatchObject({ before: '13912345678', after: '13987654321' });
      const masked = await phoneChange({});
      expect(JSON.stringify(masked)).not.toMatch(/13912345678|13987654321/);

      // A 普通会员 sees them masked until they unlock the contact at the CMS; the companion then
      // learns it from the CMS (after its "no" has aged) and unmasks for them alone.
      const demo = { Authorization: `Bearer ${await cms.login('demo', 'demo123')}` };
      expect(JSON.stringify(await phoneChange(demo))).not.toMatch(/13912345678|13987654321/);
      expect((await request(cms.app).put('/cms/xmk/score/').set(demo).send({ id, type: 'zb' })).body.code).toBe(200);
      served.clock.advance(61_000);
      expect(await phoneChange(demo)).toMatchObject({ before: '13912345678', after: '13987654321' });
      expect(JSON.stringify(await phoneChange({}))).not.toMatch(/13912345678|13987654321/);
    } finally {
      served.close();
      refused.close();
    }
  });

  it('takes out a notice the CMS withdrew, with its alerts, at the reconciliation', async () => {
    const notice = tender({ title: '伴随测试撤销综合管廊工程招标公告' });
    publishAtCms([notice]);
    await companion.backend.follower!.follow();
    const id = cmsId(notice.sourceId);
    const alertsOf = () =>
      companion.db.prepare("SELECT COUNT(*) AS n FROM alert_event WHERE content_type = 'zb' AND content_id = ?").get(id);
    expect(alertsOf()).toEqual({ n: 1 });
    withdrawNotice(cms.db, 'zb', id, cms.clock());
    const report = await companion.backend.follower!.reconcile();
    expect(report).toMatchObject({ withdrawn: 1 });
    expect(held(id)).toBeUndefined();
    expect(alertsOf()).toEqual({ n: 0 });
  });

  it('catches an edit of the body alone by reading notices again in turn', async () => {
    const notice = tender({ title: '伴随测试正文修改工程招标公告' });
    publishAtCms([notice]);
    await companion.backend.follower!.follow();
    publishAtCms([{ ...notice, content: '<p>本工程为泉城路综合管廊工程。开标地点改为二楼。</p>' }]);
    expect(await companion.backend.follower!.follow()).toMatchObject({ updated: 0 });
    let updated = 0;
    // Each pass re-reads CMS_FOLLOW_RECHECK of the notices held; a few passes go round them all.
    for (let pass = 0; pass < 10 && updated === 0; pass++) updated = (await companion.backend.follower!.reconcile())!.updated;
    expect(updated).toBe(1);
    const body = companion.db.prepare('SELECT content FROM zb WHERE id = ?').get(cmsId(notice.sourceId)) as { content: string };
    expect(body.content).toContain('开标地点改为二楼');
  });

  it('takes a pushed notice under the CMS’s id (its sourceId), so the follower’s read of it updates that one', async () => {
    const notice = tender({ title: '伴随测试推送的综合管廊工程招标公告' });
    publishAtCms([notice]);
    const id = cmsId(notice.sourceId);
    const push = (records: NoticeImportRecord[]) =>
      request(companion.app)
        .post('/admin/content/import')
        .set({ ...companion.admin(), 'Content-Type': 'application/x-ndjson' })
        .send(records.map((r) => JSON.stringify(r)).join('\n'));
    const pushed = await push([{ ...notice, sourceId: String(id) }]);
    expect(pushed.body).toMatchObject({ code: 200, data: { inserted: 1 } });
    expect(held(id)).toMatchObject({ id, title: notice.title });
    await companion.backend.follower!.follow();
    expect(companion.db.prepare('SELECT COUNT(*) AS n FROM zb WHERE title = ?').get(notice.title)).toEqual({ n: 1 });
    // A publisher's own id is not the CMS's: refused, with the reason.
    const refused = await push([{ ...notice, sourceId: 'ggzy-2024-0001' }]);
    expect(refused.body).toMatchObject({
      code: 500,
      data: { rejected: 1, rejects: [expect.objectContaining({ field: 'sourceId', reason: MSG_SOURCE_ID_NOT_CMS_ID })] },
    });
  });

  it('backs off while the CMS is away, and catches up when it is back', async () => {
    const { port } = cmsServer.address() as AddressInfo;
    await new Promise((resolve) => cmsServer.close(resolve));
    const notice = tender({ title: '伴随测试恢复后综合管廊工程招标公告' });
    publishAtCms([notice]);
    expect(await companion.backend.follower!.follow()).toMatchObject({ inserted: 0 });
    // Paused: no call at all until the wait is over.
    expect(await companion.backend.follower!.follow()).toBeNull();
    // A member's call says why, with no stack.
    const other = await cms.register('companion_other', 'abc12345');
    const refused = await request(companion.app)
      .get('/cms/alerts/unread')
      .set({ Authorization: `Bearer ${other}` });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ code: 503, msg: '暂时无法向 CMS 确认登录状态，请稍后再试' });

    cmsServer = http.createServer(cms.app);
    await new Promise<void>((resolve) => cmsServer.listen(port, '127.0.0.1', resolve));
    companion.clock.advance(60_000);
    expect(await companion.backend.follower!.follow()).toMatchObject({ inserted: 1 });
    expect(held(cmsId(notice.sourceId))).toBeDefined();
  });
});
