/**
 * The OCDS feed (docs/open-data.md): release packages of tender notices in publish order, a page
 * at a time, written as they are read (the rows of a few notices at a time from SQLite, so memory
 * stays flat whatever the page size), and the record package of one process.
 */
import { ZB_NOTICE_TYPES } from '@shared/content/zb-notice';
import { OCDS_LICENSE, OCDS_RELEASES_PATH } from '@shared/ocds/paths';
import type { OcdsSummary } from '@shared/ocds/types';
import type { Statements } from '../../db/connection';
import { nextSlice, sliceSpent } from '../../loop-slices';
import { recordOfRow, recordOfVersion, type NoticeRecord } from '../content/notice-record';
import { zbTimeline } from '../content/timeline';
import * as q from './queries';
import {
  compiledRelease,
  EXTENSIONS,
  noticeKey,
  ocidOf,
  processIdOf,
  releaseIdOf,
  releaseOf,
  type Json,
  type NoticeState,
  type ReleaseContext,
} from './release';

/** Notices read from SQLite at a time while a page is written. */
const BATCH = 50;

export const PUBLISHER = { name: '山东项目网' };

/** The package fields every answer shares (release and record packages alike). */
function packageHead(ctx: ReleaseContext, uri: string, publishedDate: string): Json {
  return {
    uri,
    version: '1.1',
    extensions: EXTENSIONS,
    publisher: PUBLISHER,
    license: OCDS_LICENSE.url,
    publicationPolicy: `${ctx.base}/open-data`,
    publishedDate,
  };
}

/** Text of the changes a 变更公告 makes, from the change view (masked as for a visitor). */
function amendmentOf(sql: Statements, id: number, record: NoticeRecord): NoticeState['amendment'] {
  if (record.noticeType !== ZB_NOTICE_TYPES.amendment || record.processCode === null) return undefined;
  const t = zbTimeline(
    sql,
    { id, noticeType: record.noticeType, title: record.title, publishTime: record.publishTime, processCode: record.processCode },
    true,
  );
  if (t.changesAgainst?.kind !== 'notice') return undefined;
  const amended = t.changesAgainst.id;
  const amendedRow = q.liveRows.all(sql, { ids: JSON.stringify([amended]) })[0];
  if (!amendedRow) return undefined;
  const n = q.versionCount.get(sql, { id: amended })!.n + 1;
  const show = (v: string | number | null) => (v === null || v === '' ? '（空）' : String(v));
  const description =
    t.changes.length > 0
      ? t.changes.map((c) => `${c.label}：${show(c.before)} → ${show(c.after)}`).join('；')
      : t.bodyDiff
        ? '正文有改动，字段未变'
        : '无改动';
  return { amendsReleaseID: releaseIdOf(noticeKey(amended, recordOfRow('zb', amendedRow)), n), description };
}

/** Every release of the notices `ids`, notice by notice in the order given. */
export function releasesOf(sql: Statements, ctx: ReleaseContext, ids: readonly number[]): Json[] {
  const list = JSON.stringify(ids);
  const live = new Map(q.liveRows.all(sql, { ids: list }).map((row) => [row.id, recordOfRow('zb', row)]));
  const withdrawn = new Map(q.withdrawnRows.all(sql, { ids: list }).map((row) => [row.id, row]));
  const versions = new Map<number, { record: string; changeTime: string }[]>();
  for (const v of q.versionRows.all(sql, { ids: list })) {
    const kept = versions.get(v.id) ?? [];
    kept.push(v);
    versions.set(v.id, kept);
  }
  const releases: Json[] = [];
  for (const id of ids) {
    const gone = withdrawn.get(id);
    const last = live.get(id) ?? (gone ? recordOfVersion(gone.record) : undefined);
    if (!last) continue;
    const kept = versions.get(id) ?? [];
    const records = [...kept.map((v) => recordOfVersion(v.record)), last];
    // The first state is dated by its publication, each later one by the change that made it.
    const dates = [records[0]!.publishTime, ...kept.map((v) => v.changeTime)];
    const states: NoticeState[] = records.map((record, i) => ({ id, record, n: i + 1, date: dates[i]! }));
    if (live.has(id)) {
      const current = states.at(-1)!;
      current.amendment = amendmentOf(sql, id, current.record);
    }
    if (gone) states.push({ id, record: last, n: states.length + 1, date: gone.withdrawTime, withdrawn: true });
    for (const state of states) releases.push(releaseOf(ctx, state));
  }
  return releases;
}

/** Where a page starts: notices published at `since` or later, after notice `after` at that time. */
export interface PageQuery {
  /** `yyyy-MM-dd HH:mm:ss` (Asia/Shanghai) */
  since: string;
  after: number;
  pageSize: number;
}

/** The ids of one page in publish order, and where the next page starts (null: this is the last). */
export function pageKeys(sql: Statements, page: PageQuery): { ids: number[]; next: { since: string; after: number } | null } {
  const params = { since: page.since, after: page.after, limit: page.pageSize + 1 };
  const keys = [...q.liveKeysAfter.all(sql, params), ...q.withdrawnKeysAfter.all(sql, params)]
    .sort((a, b) => (a.publishTime < b.publishTime ? -1 : a.publishTime > b.publishTime ? 1 : a.id - b.id))
    .slice(0, page.pageSize + 1);
  const more = keys.length > page.pageSize;
  const shown = keys.slice(0, page.pageSize);
  const last = shown.at(-1);
  return { ids: shown.map((k) => k.id), next: more && last ? { since: last.publishTime, after: last.id } : null };
}

/** A writer that may ask to wait (a response's backpressure). */
export interface Sink {
  write(text: string): Promise<void>;
}

/**
 * One page of the feed as a release package, written in pieces: the head, then each batch of
 * notices' releases as soon as they are read, then `links`.
 */
export async function writeReleasePage(
  sql: Statements,
  ctx: ReleaseContext,
  page: PageQuery,
  publishedDate: string,
  sink: Sink,
  linkOf: (cursor: { since: string; after: number }) => string,
): Promise<void> {
  const { ids, next } = pageKeys(sql, page);
  const head = packageHead(ctx, `${ctx.base}${linkOf({ since: page.since, after: page.after })}`, publishedDate);
  await sink.write(`${JSON.stringify(head).slice(0, -1)},"releases":[`);
  let first = true;
  for (let i = 0; i < ids.length; i += BATCH) {
    const releases = releasesOf(sql, ctx, ids.slice(i, i + BATCH));
    const text = releases.map((r) => JSON.stringify(r)).join(',');
    if (text) await sink.write(first ? text : `,${text}`);
    if (text) first = false;
    if (sliceSpent()) await nextSlice();
  }
  await sink.write(`],"links":${JSON.stringify(next ? { next: `${ctx.base}${linkOf(next)}` } : {})}}`);
}

/** The notices of a process by its ocid, or of a notice outside any process. */
function idsOfOcid(sql: Statements, prefix: string, ocid: string): number[] {
  if (!ocid.startsWith(`${prefix}-`)) return [];
  const processId = ocid.slice(prefix.length + 1);
  const ids = q.processIds.all(sql, { processCode: processId }).map((r) => r.id);
  if (ids.length > 0) return ids;
  const generated = /^zb-(\d+)$/.exec(processId);
  return q.noticeIdsOfKey.all(sql, { sourceId: processId, id: generated ? Number(generated[1]) : 0 }).map((r) => r.id);
}

/** The record package of one process, or null when no notice has that ocid. */
export function recordPackage(sql: Statements, ctx: ReleaseContext, ocid: string, uri: string, publishedDate: string): Json | null {
  const ids = idsOfOcid(sql, ctx.prefix, ocid);
  if (ids.length === 0) return null;
  const releases = releasesOf(sql, ctx, ids).sort((a, b) =>
    String(a.date) < String(b.date) ? -1 : String(a.date) > String(b.date) ? 1 : 0,
  );
  return { ...packageHead(ctx, uri, publishedDate), records: [{ ocid, releases, compiledRelease: compiledRelease(ocid, releases) }] };
}

/** What the /open-data page says: how much is published, and a process to open as a sample. */
export function summary(sql: Statements, prefix: string): OcdsSummary {
  const counts = q.summaryCounts.get(sql, {})!;
  const sampleId = (q.newestOfType.get(sql, { noticeType: ZB_NOTICE_TYPES.result }) ?? q.newest.get(sql, {}))?.id;
  const row = sampleId === undefined ? undefined : q.liveRows.all(sql, { ids: JSON.stringify([sampleId]) })[0];
  const record = row && recordOfRow('zb', row);
  return {
    prefix,
    notices: counts.live + counts.withdrawn,
    firstPublished: counts.first,
    lastPublished: counts.last,
    sample: record ? { ocid: ocidOf(prefix, processIdOf(row.id, record)), title: record.title } : null,
  };
}

export const releasesUri = (base: string) => `${base}${OCDS_RELEASES_PATH}`;
