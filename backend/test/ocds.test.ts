/**
 * The open-data feed over the publishers' corpus (test/corpus/README.md): every page of the release
 * feed and every process's record package validates against the official OCDS 1.1 schemas with
 * the declared extensions (a broken release does not); the mapping holds for every notice type,
 * changes, consortium awards, candidates and withdrawals; nothing masked on the public pages is
 * published; `npm run import` reads the feed back into an empty database as the same notices.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OCDS_PAGE_SIZE_MAX } from '@shared/ocds/paths';
import { DEFAULT_OCDS_PREFIX } from '../src/config';
import { shownBody } from '../src/modules/content/contact-mask';
import { recordOfRow, recordOfVersion, type NoticeRecord, type RecordRow } from '../src/modules/content/notice-record';
import { ZB_RECORD_COLUMNS } from '../src/modules/content/queries';
import { MSG_BAD_PAGE_SIZE, MSG_BAD_SINCE } from '../src/modules/ocds/routes';
import { createTestBackend, type TestBackend } from './fixture';
import { ocdsValidators } from './ocds-schema';

const CORPUS = path.resolve(__dirname, 'corpus');
const NOW = new Date('2026-11-27T04:00:00Z');
const FILES = ['processes.jsonl', 'out-of-order.jsonl', 'withdrawn.jsonl', 'hostile.jsonl'];

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let t: TestBackend;
const validators = ocdsValidators();

beforeAll(async () => {
  t = await createTestBackend({ empty: true, now: NOW });
  for (const name of FILES) {
    const res = await request(t.app)
      .post('/admin/content/import')
      .set(t.admin())
      .type('application/x-ndjson')
      .send(fs.readFileSync(path.join(CORPUS, name)));
    expect(res.body.code, name).toBe(200);
  }
});

afterAll(() => t.close());

const page = async (query: Record<string, string> = {}) => request(t.app).get('/api/ext/ocds/releases.json').query(query);
const record = async (ocid: string) => request(t.app).get(`/api/ext/ocds/records/${encodeURIComponent(ocid)}.json`);

/** Every page from the first, following links.next; each page checked against the schema. */
async function allPages(pageSize: number): Promise<Json[]> {
  const pages: Json[] = [];
  let url: string | null = `/api/ext/ocds/releases.json?pageSize=${pageSize}`;
  while (url) {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const body = JSON.parse(res.text) as Json;
    expect(validators.releasePackage(body), JSON.stringify(validators.releasePackage.errors?.slice(0, 3))).toBe(true);
    pages.push(body);
    const next = body.links?.next as string | undefined;
    // links are absolute portal URLs; the backend serves the same query under /api/ext.
    url = next ? `/api/ext${new URL(next).pathname}${new URL(next).search}` : null;
    expect(pages.length).toBeLessThan(100);
  }
  return pages;
}

const zbCount = () => (t.db.prepare('SELECT count(*) AS n FROM zb').get() as { n: number }).n;
const withdrawnCount = () => (t.db.prepare(`SELECT count(*) AS n FROM notice_withdrawn WHERE type = 'zb'`).get() as { n: number }).n;

describe('the release feed', () => {
  let releases: Json[];
  beforeAll(async () => {
    releases = JSON.parse((await page({ pageSize: String(OCDS_PAGE_SIZE_MAX) })).text).releases as Json[];
  });

  it('validates page by page, and paging gives every notice once, in publish order', async () => {
    const pages = await allPages(7);
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.at(-1)!.links).toEqual({});
    const paged = pages.flatMap((p) => p.releases as Json[]);
    expect(paged.map((r) => r.id)).toEqual(releases.map((r) => r.id));
    const notices = new Set(releases.map((r) => String(r.id).replace(/#\d+$/, '')));
    expect(notices.size).toBe(zbCount() + withdrawnCount());
    const published = releases.filter((r) => r.id.endsWith('#1')).map((r) => r.tender.documents[0].datePublished as string);
    expect(published).toEqual([...published].sort());
  });

  it('holds every notice type with its tag, in +08:00 and CNY', () => {
    const types = new Map<string, Set<string>>();
    for (const r of releases) {
      const type = r.tender.documents[0].description as string;
      types.set(type, (types.get(type) ?? new Set()).add(r.tag[0]));
      expect(r.date).toMatch(/\+08:00$/);
      expect(r.ocid.startsWith(`${DEFAULT_OCDS_PREFIX}-`)).toBe(true);
    }
    expect(Object.fromEntries([...types].map(([k, v]) => [k, [...v].sort()]))).toEqual({
      采购意向: ['planning'],
      招标预告: ['planning'],
      招标公告: ['tender', 'tenderCancellation', 'tenderUpdate'],
      资格预审: ['tender'],
      '澄清/答疑': ['tenderUpdate'],
      变更公告: ['tenderAmendment'],
      中标候选人公示: ['tenderCancellation', 'tenderUpdate'],
      中标结果: ['award', 'awardUpdate'],
      合同公告: ['contract'],
      '废标/流标': ['tenderCancellation'],
      终止公告: ['tenderCancellation'],
    });
    for (const r of releases) {
      for (const value of [r.tender.value, ...(r.awards ?? []).map((a: Json) => a.value)].filter(Boolean))
        expect(value.currency).toBe('CNY');
    }
  });

  it('links a change to the release it amends and says what changed', async () => {
    const pkg = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-SDGP370211202603000057`)).text) as Json;
    expect(validators.recordPackage(pkg)).toBe(true);
    const [tender, change] = pkg.records[0].releases as Json[];
    expect(change!.tag).toEqual(['tenderAmendment']);
    const amendment = change!.tender.amendments[0];
    expect(amendment.amendsReleaseID).toBe(tender!.id);
    expect(amendment.releaseID).toBe(change!.id);
    expect(amendment.description).toContain('金额：1280 → 1265.5');
    expect(amendment.description).toContain('开标时间：2026-03-26 09:30:00 → 2026-04-02 09:30:00');
    expect(change!.tender.bidOpening).toEqual({ date: '2026-04-02T09:30:00+08:00' });
    expect(change!.tender.tenderPeriod).toEqual({ endDate: '2026-03-19T17:00:00+08:00' });
    // The second of two changes amends the first, as the change view compares them.
    const lanshan = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-SDGP371302202607000031`)).text).records[0].releases as Json[];
    const changes = lanshan.filter((r) => r.tag[0] === 'tenderAmendment');
    expect(changes).toHaveLength(2);
    expect(changes[1]!.tender.amendments[0].amendsReleaseID).toBe(changes[0]!.id);
  });

  it('makes each member of a consortium a supplier party, and candidates tenderers with bids', async () => {
    const pkg = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-LCJS-EPC-2026-0031`)).text) as Json;
    const releasesOf = pkg.records[0].releases as Json[];
    const award = releasesOf.find((r) => r.tag[0] === 'award')!;
    expect(award.awards[0].status).toBe('active');
    expect(award.awards[0].value).toEqual({ amount: 47123865.49, currency: 'CNY' });
    expect(award.awards[0].suppliers.map((s: Json) => s.name)).toEqual(['山东岱衡建工集团有限公司', '济南泺源建筑设计研究院有限公司']);
    const suppliers = award.parties.filter((p: Json) => p.roles.includes('supplier')).map((p: Json) => p.name);
    expect(suppliers).toEqual(['山东岱衡建工集团有限公司', '济南泺源建筑设计研究院有限公司']);
    const candidates = releasesOf.find((r) => r.tender.documents[0].description === '中标候选人公示')!;
    expect(candidates.tender.tenderers.map((p: Json) => p.name)).toContain('济南华岳路桥工程有限公司');
    expect(candidates.bids.details).toHaveLength(3);
    expect(candidates.bids.details[0].value).toEqual({ amount: 47123865.49, currency: 'CNY' });
    expect(candidates.awards[0].status).toBe('pending');
    expect(pkg.records[0].compiledRelease.tag).toEqual(['compiled']);
    expect(pkg.records[0].compiledRelease.tender.status).toBe('complete');
    // A rate award: no money value, the publisher's words instead.
    const rate = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-ZDJL-2026-0009`)).text).records[0].releases as Json[];
    const rateAward = rate.find((r) => r.tag[0] === 'award')!.awards[0];
    expect(rateAward.value).toBeUndefined();
    expect(rateAward.description).toBe('下浮率12.5%');
  });

  it('withdraws a withdrawn notice in a last release, and a publisher’s correction is an update', async () => {
    const bz = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-BZGX-2026-0077`)).text).records[0].releases as Json[];
    const withdrawn = bz.filter((r) => r.id.startsWith('76b96d92-7aa5-30e2-a6ab-6d372eeeda10#'));
    expect(withdrawn.at(-1)!.tag).toEqual(['tenderCancellation']);
    expect(withdrawn.at(-1)!.tender.status).toBe('withdrawn');
    const lc = JSON.parse((await record(`${DEFAULT_OCDS_PREFIX}-LCDC-2026-0133`)).text).records[0];
    const result = (lc.releases as Json[]).filter((r) => r.id.startsWith('8f76193e-9712-1a82-bf8f-d346060a9525#'));
    expect(result.map((r) => r.tag[0])).toEqual(['award', 'awardUpdate']);
    expect(result.map((r) => r.awards[0].value.amount)).toEqual([52863187.02, 52683187.02]);
    expect(result[0]!.awards[0].suppliers).toHaveLength(3);
    expect(lc.compiledRelease.awards.find((a: Json) => a.id.startsWith('8f76193e')).value.amount).toBe(52683187.02);
  });

  it('publishes contacts only as the public pages show them', async () => {
    const text = (await page({ pageSize: String(OCDS_PAGE_SIZE_MAX) })).text;
    // Contact blocks and the phone numbers in bodies (README "Bodies", hostile line 4) stay out or masked.
    for (const secret of ['0635-8437716', '0531-82316658', '13812345678', '１３８１２３４５６７８', '１３９６４０２１８８６', '孟工']) {
      expect(text).not.toContain(secret);
    }
    const pkg = JSON.parse(text) as Json;
    for (const r of pkg.releases as Json[]) expect(r.tender.description ?? '').not.toMatch(/<script|onerror=|javascript:/i);
    // Names are data, not markup: a consumer escapes them (hostile line 1's agency stays text).
    expect((pkg.releases as Json[]).some((r) => r.tender.procuringEntity?.name === '济南<script>alert(1)</script>泉信招标有限公司')).toBe(
      true,
    );
  });

  it('validates the record of every process', async () => {
    const ocids = [...new Set(releases.map((r) => r.ocid as string))];
    expect(ocids.length).toBeGreaterThan(21);
    for (const ocid of ocids) {
      const res = await record(ocid);
      expect(res.status, ocid).toBe(200);
      const body = JSON.parse(res.text) as Json;
      expect(validators.recordPackage(body), `${ocid}: ${JSON.stringify(validators.recordPackage.errors?.slice(0, 3))}`).toBe(true);
      expect((body.records[0].releases as Json[]).every((r) => r.ocid === ocid)).toBe(true);
    }
  });

  it('fails a broken release: the check can fail', () => {
    const pkg = { uri: 'https://example.test/p', version: '1.1', publisher: { name: 'x' }, publishedDate: '2026-11-27T12:00:00+08:00' };
    const good = structuredClone(releases.find((r) => r.awards)!);
    expect(validators.releasePackage({ ...pkg, releases: [good] })).toBe(true);
    const broken = [
      { ...good, tag: ['awarded'] },
      { ...good, ocid: undefined },
      { ...good, date: '2026-11-24 10:00:00' },
      { ...good, awards: [{ ...good.awards[0], status: 'won' }] },
      { ...good, tender: { ...good.tender, bidOpening: { date: 'tomorrow' } } },
      { ...good, bids: { details: [{ status: 'valid' }] } },
    ];
    for (const release of broken)
      expect(validators.releasePackage({ ...pkg, releases: [release] }), JSON.stringify(release).slice(0, 80)).toBe(false);
  });
});

describe('paging parameters', () => {
  it('starts at since and refuses bad values in Chinese', async () => {
    const recent = JSON.parse((await page({ since: '2026-11-20' })).text) as Json;
    const notices = new Set((recent.releases as Json[]).map((r) => r.id.replace(/#\d+$/, '')));
    expect(notices).toEqual(
      new Set([
        '8f76193e-9712-1a82-bf8f-d346060a9525',
        (recent.releases as Json[]).find((r) => r.ocid.includes('RZDG'))!.id.replace(/#\d+$/, ''),
      ]),
    );
    expect((await page({ since: '2026-11-25T15:40:00+08:00' })).text).toContain('RZDG');
    expect((await page({ since: '2026-11-25T07:40:01Z' })).text).not.toContain('RZDG');
    for (const [query, msg] of [
      [{ pageSize: '0' }, MSG_BAD_PAGE_SIZE],
      [{ pageSize: String(OCDS_PAGE_SIZE_MAX + 1) }, MSG_BAD_PAGE_SIZE],
      [{ pageSize: 'abc' }, MSG_BAD_PAGE_SIZE],
      [{ since: 'yesterday' }, MSG_BAD_SINCE],
      [{ since: '2026-02-30' }, MSG_BAD_SINCE],
    ] as const) {
      const res = await page(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body).toEqual({ code: 400, msg });
    }
    expect((await record('no-such-process')).status).toBe(404);
    expect((await record(`${DEFAULT_OCDS_PREFIX}-NO-SUCH`)).status).toBe(404);
  });

  it('sums up the feed for the open-data page, with a sample process', async () => {
    const res = await request(t.app).get('/api/ext/ocds/summary');
    expect(res.body.data).toEqual({
      prefix: DEFAULT_OCDS_PREFIX,
      notices: zbCount() + withdrawnCount(),
      firstPublished: '2026-01-08 10:20:00',
      lastPublished: '2026-11-25 15:40:00',
      sample: { ocid: `${DEFAULT_OCDS_PREFIX}-RZDG-2026-0101`, title: '东港区日照街道社区卫生服务中心改造工程中标结果公告' },
    });
    expect((await record(res.body.data.sample.ocid)).status).toBe(200);
  });

  it('is absent from a backend without extensions', async () => {
    const plain = await createTestBackend({ empty: true, now: NOW, extensions: false });
    try {
      expect((await request(plain.app).get('/api/ext/ocds/releases.json')).status).toBe(404);
      expect((await request(plain.app).get(`/api/ext/ocds/records/${DEFAULT_OCDS_PREFIX}-X.json`)).status).toBe(404);
      expect((await request(plain.app).get('/api/ext/ocds/summary')).status).toBe(404);
    } finally {
      plain.close();
    }
  });
});

describe('import of a release package', () => {
  const liveRecords = (db: TestBackend['db']) =>
    new Map(
      (db.prepare(`SELECT ${ZB_RECORD_COLUMNS} FROM zb`).all() as RecordRow[]).map((row) => {
        const r = recordOfRow('zb', row);
        return [r.sourceId, r] as const;
      }),
    );
  const withdrawnRecords = (db: TestBackend['db']) =>
    new Map(
      (db.prepare(`SELECT record FROM notice_withdrawn WHERE type = 'zb'`).all() as { record: string }[]).map((row) => {
        const r = recordOfVersion(row.record);
        return [r.sourceId, r] as const;
      }),
    );
  /** A notice as the feed publishes it: no contact block, the body as a visitor sees it, links as URIs. */
  const published = (r: NoticeRecord): NoticeRecord => ({
    ...r,
    contact: { company: '', name: '', phone: '', address: '' },
    content: shownBody('visitor', r.content),
    sourceUrl: r.sourceUrl && new URL(r.sourceUrl).href,
    attachments: r.attachments.map((a) => ({ ...a, url: new URL(a.url).href })),
  });

  it('gives back the same notices in an empty database (npm run import)', async () => {
    const file = path.join(t.config.dataDir, 'releases.json');
    fs.writeFileSync(file, (await page({ pageSize: String(OCDS_PAGE_SIZE_MAX) })).text);
    const copy = await createTestBackend({ empty: true, now: NOW });
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        path.resolve(__dirname, '../src/cli/import.ts'),
        file,
        '--data-dir',
        copy.config.dataDir,
      ]);
      expect(stdout).toContain('import:');
      const before = liveRecords(t.db);
      const after = liveRecords(copy.db);
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      for (const [sourceId, record] of before) expect(after.get(sourceId), sourceId).toEqual(published(record));
      const gone = withdrawnRecords(t.db);
      const goneAfter = withdrawnRecords(copy.db);
      expect([...goneAfter.keys()].sort()).toEqual([...gone.keys()].sort());
      for (const [sourceId, record] of gone) expect(goneAfter.get(sourceId), sourceId).toEqual(published(record));
      // Exported again, the copy publishes the same releases' notices.
      const again = JSON.parse((await request(copy.app).get('/api/ext/ocds/releases.json').query({ pageSize: '1000' })).text) as Json;
      expect(validators.releasePackage(again)).toBe(true);
    } finally {
      copy.close();
    }
  }, 60_000);

  it('reads a package written over several lines, and reports a bad release by its number', async () => {
    const copy = await createTestBackend({ empty: true, now: NOW });
    try {
      const pkg = JSON.parse((await page({ pageSize: '5' })).text) as Json;
      (pkg.releases as Json[])[1]!.tender.documents[0].description = '竣工公告';
      const res = await request(copy.app)
        .post('/admin/content/import')
        .set(copy.admin())
        .type('application/json')
        .send(JSON.stringify(pkg, null, 2));
      expect(res.body.code).toBe(500);
      expect(res.body.msg).toBe('第 2 行：未知公告类型 竣工公告（noticeType）');
      expect(res.body.data.rejects.map((r: Json) => [r.line, r.field])).toEqual([[2, 'noticeType']]);
    } finally {
      copy.close();
    }
  });
});
