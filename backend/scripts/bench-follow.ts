/**
 * `npm run bench:follow -- [--minutes 5] [--per-minute 30] [--members 3]` (not in CI): how soon does
 * a notice published in the CMS reach a subscribed member's inbox through the companion, and does
 * the companion miss anything over a run of inserts, edits and withdrawals?
 *
 * Two processes as in production's picture: a CMS (the embedded backend, BACKEND_EXTENSIONS=off, its
 * own DATA_DIR) and a companion (CMS_URL, its own DATA_DIR) at the follower's default pace, except
 * CMS_FOLLOW_RECONCILE (default 60 s here, so withdrawals settle within the run). Members register and
 * log in at the CMS and subscribe at the companion. For --minutes, --per-minute actions are published
 * into the CMS's database as its import would (70 % new notices, 20 % edits of the amount, 10 %
 * withdrawals); the first member's inbox is read every half second. Printed: inbox latency
 * p50/p95/max of the new notices (target p95 ≤ 60 s), then, after the companion has had time to
 * settle, what it missed: notices not held or held with another amount, withdrawn ones still live,
 * inbox entries missing or left over. Exit 1 when the target is missed or anything is missing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { NoticeImportRecord } from '@shared/content/notices';
import { json, registerAndLogin, startBackend, type BackendProcess } from '../../scripts/lib/backend-process';
import { openDatabase, type Db } from '../src/db/connection';
import { importNotices } from '../src/modules/content/import';
import { Random } from '../src/seed/random';
import { freshTender } from './lib/fresh-tender';

const TARGET_P95_MS = 60_000;
const KEYWORD = '基准跟随';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '5' },
    'per-minute': { type: 'string', default: '30' },
    members: { type: 'string', default: '3' },
    reconcile: { type: 'string', default: '60' },
  },
});
const minutes = Number(args.minutes);
const perMinute = Number(args['per-minute']);
const memberCount = Number(args.members);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

interface Published {
  record: NoticeImportRecord;
  id: number;
  publishedAt: number;
  seenAt?: number;
  withdrawn: boolean;
  /** The text the last edit added to the body. */
  mark?: string;
}

function tender(n: number, rng: Random): NoticeImportRecord {
  return freshTender(`bench-follow-${Date.now()}-${n}`, `${KEYWORD}第${n}号道路改造工程施工招标公告`, { amount: 100 + rng.int(0, 9000) });
}

function publish(db: Db, records: NoticeImportRecord[]): void {
  importNotices(db, records.map((r) => JSON.stringify(r)).join('\n'), { changedBy: 'import', now: new Date() });
}

async function main(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-follow-'));
  const cmsDir = path.join(root, 'cms');
  const companionDir = path.join(root, 'companion');
  fs.mkdirSync(cmsDir);
  fs.mkdirSync(companionDir);
  const started: BackendProcess[] = [];
  try {
    const cms = await startBackend(cmsDir, { BACKEND_EXTENSIONS: 'off', SEED_PROJECTS: '300', SEED_TENDERS: '600' });
    started.push(cms);
    const companion = await startBackend(companionDir, { CMS_URL: cms.base, CMS_FOLLOW_RECONCILE: String(args.reconcile) });
    started.push(companion);
    const tokens = [];
    for (let i = 0; i < memberCount; i++) tokens.push(await registerAndLogin(cms.base, `bench_follow_${i}`));
    for (const token of tokens) {
      const res = await json(`${companion.base}/cms/alerts/subscriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: '基准', keywords: KEYWORD }),
      });
      if (res.code !== 200) throw new Error(`subscription: ${String(res.msg)}`);
    }
    const inboxOf = async (token: string) => {
      const ids = new Set<number>();
      for (let pageNum = 1; ; pageNum++) {
        const page = await json(`${companion.base}/cms/alerts/list?kind=new&pageSize=100&pageNum=${pageNum}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        const rows = (page.rows ?? []) as { contentId: number }[];
        for (const row of rows) ids.add(row.contentId);
        if (rows.length < 100) return ids;
      }
    };

    const db = openDatabase(cmsDir, { synchronous: 'NORMAL' });
    const idOf = db.prepare<[string], { id: number }>('SELECT id FROM zb WHERE source_id = ?');
    const rng = new Random('bench-follow');
    const published: Published[] = [];
    let edits = 0;
    let stopPolling = false;
    const poller = (async () => {
      while (!stopPolling) {
        const seen = await inboxOf(tokens[0]!);
        const now = Date.now();
        for (const p of published) if (p.seenAt === undefined && seen.has(p.id)) p.seenAt = now;
        await sleep(500);
      }
    })();

    const end = Date.now() + minutes * 60_000;
    const gap = 60_000 / perMinute;
    console.log(`bench:follow — ${minutes} min, ${perMinute} actions/min, ${memberCount} members, reconcile every ${args.reconcile} s`);
    for (let n = 1; Date.now() < end; n++) {
      const live = published.filter((p) => !p.withdrawn);
      const roll = rng.int(0, 99);
      if (roll < 70 || live.length < 5) {
        const record = tender(n, rng);
        publish(db, [record]);
        published.push({ record, id: idOf.get(record.sourceId)!.id, publishedAt: Date.now(), withdrawn: false });
      } else if (roll < 90) {
        const p = live[rng.int(0, live.length - 1)]!;
        p.mark = `更正第${n}次`;
        p.record = { ...p.record, amount: (p.record.amount ?? 0) + 1, content: `${p.record.content ?? ''}<p>${p.mark}</p>` };
        publish(db, [p.record]);
        edits++;
      } else {
        const p = live[rng.int(0, live.length - 1)]!;
        publish(db, [{ ...p.record, withdrawn: true }]);
        p.withdrawn = true;
      }
      await sleep(gap);
    }
    // Let the last follow and a reconciliation pass run.
    const settle = 15_000 + Number(args.reconcile) * 1000 + 10_000;
    console.log(
      `published ${published.length} notices, ${edits} edits, ${published.filter((p) => p.withdrawn).length} withdrawals; settling ${settle / 1000} s…`,
    );
    await sleep(settle);
    stopPolling = true;
    await poller;

    const latencies = published
      .filter((p) => p.seenAt !== undefined)
      .map((p) => p.seenAt! - p.publishedAt)
      .sort((a, b) => a - b);
    const companionDb = openDatabase(companionDir, { synchronous: 'NORMAL' });
    const heldRow = companionDb.prepare<[number], { amount: number | null; content: string }>(
      'SELECT amount, content FROM zb WHERE id = ?',
    );
    const missing = published.filter((p) => !p.withdrawn && heldRow.get(p.id) === undefined).length;
    const stale = published.filter((p) => {
      const row = !p.withdrawn && heldRow.get(p.id);
      return row && (row.amount !== p.record.amount || (p.mark !== undefined && !row.content.includes(p.mark)));
    }).length;
    const stillLive = published.filter((p) => p.withdrawn && heldRow.get(p.id) !== undefined).length;
    let inboxMissing = 0;
    let inboxLeftOver = 0;
    for (const token of tokens) {
      const inbox = await inboxOf(token);
      inboxMissing += published.filter((p) => !p.withdrawn && !inbox.has(p.id)).length;
      inboxLeftOver += published.filter((p) => p.withdrawn && inbox.has(p.id)).length;
    }
    companionDb.close();
    db.close();

    const fmt = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `inbox latency (first member, ${latencies.length}/${published.length} seen while running): p50 ${fmt(percentile(latencies, 50))}, p95 ${fmt(percentile(latencies, 95))}, max ${fmt(latencies.at(-1) ?? NaN)} (target p95 ≤ ${fmt(TARGET_P95_MS)})`,
    );
    console.log(
      `missed: ${missing} not held, ${stale} held with an old amount or body, ${stillLive} withdrawn but live; inboxes (${memberCount} members): ${inboxMissing} missing, ${inboxLeftOver} withdrawn left over`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.availableParallelism()} cores`,
    );
    const ok = percentile(latencies, 95) <= TARGET_P95_MS && missing + stale + stillLive + inboxMissing + inboxLeftOver === 0;
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const backend of started) backend.child.kill('SIGTERM');
    await Promise.all(started.map((b) => b.exited));
    fs.rmSync(root, { recursive: true, force: true });
  }
}

await main();
