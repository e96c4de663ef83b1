/**
 * The demo feed (DEMO_FEED): every few minutes a small batch of new and changed notices
 * goes through the same import path as real data (`importNotices`, recorded as 'import'), so the
 * demo shows lifecycles moving: feed processes advance one notice (预告 → 公告 → 变更 → 候选人 →
 * 结果), a new process starts, a feed project moves a stage or a new one appears, and now and then a
 * published 招标公告 is corrected (a new version). Demo time runs fast: the next notice of a process
 * comes at the next tick, not when it would fall due. Only demo databases without imported notices are fed.
 */
import type { NoticeImportRecord, NoticeImportResult } from '@shared/content/notices';
import { addDays, formatDateTime, parseLocalDateTime } from '../clock';
import { importNotices } from '../modules/content/import';
import { importRecordOf, recordOfRow, type RecordRow } from '../modules/content/notice-record';
import { XMK_RECORD_COLUMNS, ZB_RECORD_COLUMNS } from '../modules/content/queries';
import type { Db } from '../db/connection';
import {
  generateXmk,
  NOTICE_SUFFIX,
  placeByCode,
  processNotice,
  startProcess,
  type ProjectRef,
  type TenderProcess,
  type XmkRow,
  type ZbRow,
} from './content-generator';
import type { Industry, GeneratedNoticeType } from '../reference/dictionaries';
import { Random } from './random';
import { demoSeed } from '../db/meta';

/** The feed's schedule (scheduler.ts): every three minutes. */
export const DEMO_FEED_SCHEDULE = '0 */3 * * * *';

/** Source ids of the feed's notices start with these (range scans on the source_id index). */
const ZB_PREFIX = 'feed-zb-';
const XMK_PREFIX = 'feed-xmk-';
const PREFIX_END = (prefix: string) => prefix.slice(0, -1) + '.';

const NEXT: Partial<Record<GeneratedNoticeType, (rng: Random) => GeneratedNoticeType>> = {
  '1': () => '2',
  '2': (rng) => (rng.chance(1 / 3) ? '3' : '4'),
  '3': () => '4',
  '4': () => '5',
};

/** A generated tender as an import record: the demo feed and `npm run bench:import` both publish these. */
export function zbRecord(row: ZbRow, sourceId: string, processCode: string | null, projectCode: string | null): NoticeImportRecord {
  return {
    kind: 'zb',
    sourceId,
    processCode: processCode ?? undefined,
    projectCode: projectCode ?? undefined,
    title: row.title,
    noticeType: row.noticeType,
    areaCode: row.areaCode,
    industry: row.industry,
    amount: row.amount,
    publishTime: row.publishTime,
    signupDeadline: row.signupDeadline,
    openTime: row.openTime,
    tenderer: row.tenderer,
    agency: row.agency,
    winner: row.winner,
    winAmount: row.winAmount,
    contact: row.contact,
    content: row.content,
  };
}

/**
 * A generated project as an import record, at `stage` (its current one unless given): the demo feed,
 * `npm run bench:import` and the tests of backfills publish these.
 */
export function xmkRecord(row: XmkRow, sourceId: string, projectCode: string | null, stage: string = row.stage): NoticeImportRecord {
  return {
    kind: 'xmk',
    sourceId,
    projectCode: projectCode ?? undefined,
    title: row.title,
    noticeType: stage,
    areaCode: row.areaCode,
    industry: row.industry,
    amount: row.investment,
    publishTime: row.publishTime,
    tenderer: row.owner,
    contact: row.contact,
    content: row.content,
  };
}

/** A feed process as the generator sees it, rebuilt from its latest stored notice. */
function processOf(row: RecordRow): TenderProcess {
  const record = recordOfRow('zb', row);
  const suffix = NOTICE_SUFFIX[record.noticeType as GeneratedNoticeType] ?? '';
  return {
    code: record.processCode,
    project: null,
    place: placeByCode(record.areaCode),
    industry: record.industry as Industry,
    base: record.title.endsWith(suffix) ? record.title.slice(0, -suffix.length) : record.title,
    tenderer: record.tenderer,
    scopeText: '详见招标文件',
    qualification: '相应资质',
    amount: record.amount ?? record.winAmount ?? 100,
    approval: '有关部门',
    titleScope: '',
    agency: record.agency,
    contact: record.contact,
    last: record.noticeType as GeneratedNoticeType,
    signupDeadline: record.signupDeadline,
    openTime: record.openTime,
    winner: record.winner,
    winAmount: record.winAmount,
  };
}

/** The records of one feed batch at `now`. */
export function demoFeedBatch(db: Db, seed: string, now: Date): NoticeImportRecord[] {
  const stamp = formatDateTime(now).replace(/\D/g, '');
  const rng = new Random(`${seed}:feed:${stamp}`);
  const publishTime = formatDateTime(now);
  const records: NoticeImportRecord[] = [];
  let n = 0;
  const sourceId = (prefix: string) => `${prefix}${stamp}-${++n}`;

  // Advance up to two open feed processes by one notice.
  const open = db
    .prepare<[string, string], RecordRow>(
      `SELECT ${ZB_RECORD_COLUMNS} FROM zb WHERE id IN (
         SELECT max(id) FROM zb WHERE source_id >= ? AND source_id < ? AND process_code IS NOT NULL GROUP BY process_code)
       AND notice_type <> '5' ORDER BY id DESC LIMIT 20`,
    )
    .all(ZB_PREFIX, PREFIX_END(ZB_PREFIX));
  for (const row of open.slice(0, 2)) {
    const process = processOf(row);
    const type = NEXT[process.last!]!(rng);
    // The 候选人 and 结果 come after the opening; demo time moves it to now when it lies ahead.
    if ((type === '4' || type === '5') && process.openTime && process.openTime > publishTime) {
      process.openTime = formatDateTime(addDays(now, -1));
    }
    const notice = processNotice(rng, process, type, now, now);
    records.push(zbRecord(notice, sourceId(ZB_PREFIX), process.code, row.projectCode));
  }

  // A new process, for a recent project two times in three.
  const project = rng.chance(2 / 3)
    ? db
        .prepare<[number], ProjectRef>(
          `SELECT id, title, area_code AS areaCode, industry, owner, investment, approval_authority AS approvalAuthority,
               project_code AS projectCode
             FROM xmk WHERE project_code IS NOT NULL AND nature <> '' ORDER BY id DESC LIMIT 1 OFFSET ?`,
        )
        .get(rng.int(0, 30))
    : undefined;
  const process = startProcess(rng, now, project ?? null, `FEED${stamp}`);
  records.push(
    zbRecord(
      processNotice(rng, process, rng.chance(0.3) ? '1' : '2', now, now),
      sourceId(ZB_PREFIX),
      process.code,
      project?.projectCode ?? null,
    ),
  );

  // A feed project moves on a stage, or a new project appears.
  const feedProject = db
    .prepare<[string, string, number], RecordRow>(
      `SELECT ${XMK_RECORD_COLUMNS} FROM xmk WHERE source_id >= ? AND source_id < ? AND stage < '6' ORDER BY id DESC LIMIT 1 OFFSET ?`,
    )
    .get(XMK_PREFIX, PREFIX_END(XMK_PREFIX), rng.int(0, 4));
  if (feedProject && rng.chance(0.5)) {
    const record = importRecordOf(recordOfRow('xmk', feedProject));
    records.push({ ...record, processCode: undefined, noticeType: String(Number(record.noticeType) + 1) } as NoticeImportRecord);
  } else {
    const made = generateXmk(rng, now, now);
    records.push(xmkRecord(made, sourceId(XMK_PREFIX), `FEEDXM${stamp}`, made.versions[0]!.stage));
  }

  // Now and then a published 招标公告 is corrected: its signup deadline moves two days.
  if (rng.chance(0.5)) {
    const announcement = db
      .prepare<[string, string], RecordRow>(
        `SELECT ${ZB_RECORD_COLUMNS} FROM zb WHERE source_id >= ? AND source_id < ? AND notice_type = '2'
         AND signup_deadline IS NOT NULL ORDER BY id DESC LIMIT 1`,
      )
      .get(ZB_PREFIX, PREFIX_END(ZB_PREFIX));
    if (announcement && !records.some((r) => r.sourceId === announcement.sourceId)) {
      const record = importRecordOf(recordOfRow('zb', announcement));
      const deadline = parseLocalDateTime(record.signupDeadline!)!;
      records.push({ ...record, signupDeadline: formatDateTime(addDays(deadline, 2)) });
    }
  }
  return records;
}

/** Publish one feed batch through the import; null unless this is a demo database without imported notices. */
export function runDemoFeed(db: Db, now: Date): NoticeImportResult | null {
  const seed = demoSeed(db);
  if (seed === undefined) return null;
  const records = demoFeedBatch(db, seed, now);
  return importNotices(db, records.map((r) => JSON.stringify(r)).join('\n'), { changedBy: 'import', now, demo: true });
}
