/**
 * Subscriptions matched at import time. The import calls `recordImportAlerts`
 * inside its transaction with the notices it inserted or changed; alerts are written there, so they
 * commit or roll back with the file.
 *
 * Matching must not scan every subscription per notice (10,000 of them at ≥ 1,000 notices/s), so the
 * enabled subscriptions are indexed once per import:
 * - a subscription with keywords is filed under one anchor: the first bigram (or the character) of
 *   its longest keyword run. A notice can only match subscriptions whose anchor occurs in its text, so
 *   a notice looks up its own distinct bigrams and characters and checks just those few;
 * - under the anchor (or in one list for those without keywords) by each of its regions, or
 *   "anywhere", so only subscriptions of the notice's county, its city or anywhere are looked at.
 * The candidates are then checked in full: region, notice type, amount, every keyword run, no
 * excluded word. Keywords follow the search's rule exactly (search/tokens.ts): NFKC folding, lower
 * case, a word is its runs of letters and digits, each run must occur as a substring of one run of
 * the notice's keyword fields (title, tenderer, agency, content), and the words of a subscription
 * must all occur.
 */
import { formatDateTime } from '../../clock';
import { statementsOf, type Db, type Statements } from '../../db/connection';
import { NOTICE_TYPES } from '../../reference/dictionaries';
import { PROVINCE } from '../../reference/regions';
import { htmlText, runsOf } from '../../search/tokens';
import { cityOf, FIELD_LABELS, type ImportedNotice, type NoticeRecord } from '../content/notice-record';
import * as q from './queries';
import { metrics } from '../../metrics';

export interface CompiledSubscription {
  id: number;
  memberId: number;
  name: string;
  /** runs of the keywords: each must occur */
  keywordRuns: string[];
  /** per excluded word, its runs: a word whose runs all occur excludes the notice */
  excludeRuns: string[][];
  areas: ReadonlySet<string> | null;
  types: ReadonlySet<string> | null;
  amountMin: number | null;
  amountMax: number | null;
}

const commaSet = (value: string): ReadonlySet<string> | null => {
  const values = value.split(',').filter((v) => v !== '' && v !== PROVINCE.code);
  return values.length === 0 ? null : new Set(values);
};

/** Words of a space separated list (the same split the search applies: runs of letters and digits). */
export const wordsOf = (value: string): string[] => value.split(/\s+/).filter((w) => runsOf(w).length > 0);

export function compileSubscription(row: q.MatchingSubscriptionRow): CompiledSubscription {
  return {
    id: row.id,
    memberId: row.memberId,
    name: row.name,
    keywordRuns: runsOf(row.keywords),
    excludeRuns: wordsOf(row.excludeWords).map(runsOf),
    areas: commaSet(row.areaCodes),
    types: commaSet(row.noticeTypes),
    amountMin: row.amountMin,
    amountMax: row.amountMax,
  };
}

/** The key a keyword run is filed under: its first bigram, or its one character. */
function anchorOf(runs: readonly string[]): string | null {
  let longest: string | null = null;
  for (const run of runs) if (longest === null || Array.from(run).length > Array.from(longest).length) longest = run;
  if (longest === null) return null;
  const chars = Array.from(longest);
  return chars.length === 1 ? chars[0]! : chars[0]! + chars[1]!;
}

/** What matching needs of a notice. */
export interface MatchTarget {
  /** normalised runs of the keyword fields, joined by a separator no run contains */
  text: string;
  runs: readonly string[];
  areaCode: string;
  cityCode: string;
  noticeType: string;
  amount: number | null;
}

const RUN_SEPARATOR = '\n';

export function matchTarget(record: NoticeRecord): MatchTarget {
  const runs = [record.title, record.tenderer, record.agency, htmlText(record.content)].flatMap(runsOf);
  return {
    text: runs.join(RUN_SEPARATOR),
    runs,
    areaCode: record.areaCode,
    cityCode: cityOf(record),
    noticeType: record.noticeType,
    amount: record.amount,
  };
}

const contains = (target: MatchTarget, runs: readonly string[]) => runs.every((run) => target.text.includes(run));

/** The full check of one subscription against one notice. */
export function matches(sub: CompiledSubscription, target: MatchTarget): boolean {
  if (sub.areas && !sub.areas.has(target.areaCode) && !sub.areas.has(target.cityCode)) return false;
  if (sub.types && !sub.types.has(target.noticeType)) return false;
  // As the search's amount filter: a bound excludes notices that state no amount.
  if (sub.amountMin !== null && (target.amount === null || target.amount < sub.amountMin)) return false;
  if (sub.amountMax !== null && (target.amount === null || target.amount > sub.amountMax)) return false;
  if (!contains(target, sub.keywordRuns)) return false;
  return !sub.excludeRuns.some((runs) => contains(target, runs));
}

const ANYWHERE = '*';

/** A subscription as filed: `checked` marks the match() call that last looked at it. */
interface Filed {
  sub: CompiledSubscription;
  checked: number;
}

/** Subscriptions filed by region (a region code, or ANYWHERE); `seen` marks the last match() call that looked. */
interface ByRegion {
  regions: Map<string, Filed[]>;
  seen: number;
}

/** Surrogate halves: a run with them (characters beyond the BMP) is walked by code points. */
const SURROGATE = /[\uD800-\uDFFF]/;

export class SubscriptionIndex {
  private readonly byAnchor = new Map<string, ByRegion>();
  private readonly withoutKeywords: ByRegion = { regions: new Map(), seen: 0 };
  /** Numbers each match() call: what it has looked at is marked with it, so nothing is looked at twice. */
  private call = 0;
  readonly size: number;

  constructor(subscriptions: readonly CompiledSubscription[]) {
    this.size = subscriptions.length;
    const file = (map: ByRegion, sub: CompiledSubscription) => {
      // One entry per subscription, shared by its regions: checked once per notice.
      const filed: Filed = { sub, checked: 0 };
      for (const area of sub.areas ?? [ANYWHERE]) {
        const list = map.regions.get(area);
        if (list) list.push(filed);
        else map.regions.set(area, [filed]);
      }
    };
    for (const sub of subscriptions) {
      const anchor = anchorOf(sub.keywordRuns);
      if (anchor === null) {
        file(this.withoutKeywords, sub);
        continue;
      }
      let byRegion = this.byAnchor.get(anchor);
      if (!byRegion) this.byAnchor.set(anchor, (byRegion = { regions: new Map(), seen: 0 }));
      file(byRegion, sub);
    }
  }

  /** Enabled subscriptions of every member, read once per import. */
  static load(sql: Statements): SubscriptionIndex {
    return new SubscriptionIndex(q.enabledSubscriptions.all(sql, {}).map(compileSubscription));
  }

  /** Subscriptions the notice matches, each once, in id order. */
  match(target: MatchTarget): CompiledSubscription[] {
    const call = ++this.call;
    const found: CompiledSubscription[] = [];
    const regions = target.cityCode === target.areaCode ? [ANYWHERE, target.areaCode] : [ANYWHERE, target.areaCode, target.cityCode];
    // Only the notice's own regions are looked at: most subscriptions name one, so most are never touched.
    const consider = (byRegion: ByRegion | undefined) => {
      if (!byRegion || byRegion.seen === call) return;
      byRegion.seen = call;
      for (const region of regions) {
        const list = byRegion.regions.get(region);
        if (!list) continue;
        for (const filed of list) {
          if (filed.checked === call) continue;
          filed.checked = call;
          if (matches(filed.sub, target)) found.push(filed.sub);
        }
      }
    };
    if (this.byAnchor.size > 0) {
      const anchors = this.byAnchor;
      for (const run of target.runs) {
        if (SURROGATE.test(run)) {
          const chars = Array.from(run);
          for (let i = 0; i < chars.length; i++) {
            consider(anchors.get(chars[i]!));
            if (i + 1 < chars.length) consider(anchors.get(chars[i]! + chars[i + 1]!));
          }
          continue;
        }
        // Every character one code unit: the same characters and bigrams, without splitting the run.
        for (let i = 0; i < run.length; i++) {
          consider(anchors.get(run[i]!));
          if (i + 1 < run.length) consider(anchors.get(run.slice(i, i + 2)));
        }
      }
    }
    consider(this.withoutKeywords);
    return found.sort((a, b) => a.id - b.id);
  }
}

// ---- alerts of an import ----------------------------------------------------------------------

const noticeTypeLabel = (code: string) => NOTICE_TYPES.find((t) => t.value === code)?.label ?? '公告';

/** Fields whose old and new values are shown in a change alert; the others are only named. */
const SHOWN_VALUES = new Set(['signupDeadline', 'openTime', 'amount', 'winAmount', 'winner', 'title']);

/** "报名截止时间：2026-11-29 17:00:00 → 2026-12-02 17:00:00；内容" — never a contact value. */
export function changeDetail(previous: NoticeRecord, record: NoticeRecord): string {
  const parts: string[] = [];
  for (const key of Object.keys(record) as (keyof NoticeRecord)[]) {
    if (key === 'dateOnly' || JSON.stringify(previous[key]) === JSON.stringify(record[key])) continue;
    const label = FIELD_LABELS[key] ?? key;
    if (SHOWN_VALUES.has(key)) parts.push(`${label}：${String(previous[key] ?? '无')} → ${String(record[key] ?? '无')}`);
    else parts.push(label);
  }
  return `变更：${parts.join('；')}`.slice(0, 300);
}

/** What happened, once: the members it reaches get an inbox row each (db/migrations.ts, V6). */
export type AlertEvent = q.EventFields;

/** One member's alert of an event; `subscriptionId` is the subscription a `new` alert matched. */
export interface AlertDelivery {
  memberId: number;
  subscriptionId: number | null;
}

/**
 * Writes alerts: an event, then its members. Call inside a transaction; every event is new (so a
 * member's new alerts always sort after the ones already mailed, see AlertMailer), and an event that
 * reaches nobody is not stored. Returns the number of alerts written.
 */
export function writeAlert(sql: Statements, event: AlertEvent, deliveries: readonly AlertDelivery[], now: string): number {
  if (deliveries.length === 0) return 0;
  const eventId = Number(q.insertEvent.run(sql, { ...event, now }).lastInsertRowid);
  let written = 0;
  for (const d of deliveries)
    written += q.insertInbox.run(sql, { memberId: d.memberId, eventId, subscriptionId: d.subscriptionId }).changes;
  metrics.alertsDelivered.inc(written);
  return written;
}

/**
 * The alerts of one import: `new` for inserted tenders matching a subscription; `changed` for a
 * changed notice its followers (favourites) see, for a followed project that gains a tender, and
 * for a followed tender whose process gains a notice (中标公告…). Every alert of an import is new
 * (a new notice, a new version, a new tender in a process), so nothing needs deduplicating across
 * imports; within one, a member gets one alert per event. An import hands its notices over in
 * batches (`record`), all inside its transaction; the subscriptions are read once.
 */
export class ImportAlerts {
  private index: SubscriptionIndex | null = null;
  private readonly at: string;

  constructor(
    private readonly sql: Statements,
    now: Date,
  ) {
    this.at = formatDateTime(now);
  }

  /** Alerts of a batch of inserted or changed notices; returns how many were written. */
  record(notices: readonly ImportedNotice[]): number {
    if (notices.length === 0) return 0;
    const { sql, at } = this;
    // Events are written as they come (ids in order); the members' rows are collected and written
    // sorted by member and event, so each page of the inbox is touched once per batch.
    const pending: number[] = [];
    const event = (e: AlertEvent, deliveries: readonly AlertDelivery[]) => {
      if (deliveries.length === 0) return;
      const eventId = Number(q.insertEvent.run(sql, { ...e, now: at }).lastInsertRowid);
      for (const d of deliveries) pending.push(d.memberId, eventId, d.subscriptionId ?? 0);
    };
    const members = (rows: readonly { memberId: number }[]) => rows.map(({ memberId }) => ({ memberId, subscriptionId: null }));
    for (const notice of notices) {
      const { record } = notice;
      if (notice.change === 'inserted' && notice.kind === 'zb') {
        this.index ??= SubscriptionIndex.load(sql);
        const matched = this.index.size === 0 ? [] : this.index.match(matchTarget(record));
        // A member with several matching subscriptions gets one alert, naming the first.
        const seen = new Set<number>();
        const deliveries: AlertDelivery[] = [];
        for (const sub of matched) {
          if (seen.has(sub.memberId)) continue;
          seen.add(sub.memberId);
          deliveries.push({ memberId: sub.memberId, subscriptionId: sub.id });
        }
        event({ kind: 'new', contentType: 'zb', contentId: notice.id, changeKey: '', detail: '' }, deliveries);
      }
      if (notice.change === 'updated' && notice.previous) {
        const changeKey = `v${q.latestVersionNumber.get(sql, { type: notice.kind, id: notice.id })?.v ?? 0}`;
        const detail = changeDetail(notice.previous, record);
        event(
          { kind: 'changed', contentType: notice.kind, contentId: notice.id, changeKey, detail },
          members(q.followersOf.all(sql, { type: notice.kind, id: notice.id })),
        );
      }
      if (notice.change === 'inserted' && notice.kind === 'zb') {
        const label = noticeTypeLabel(record.noticeType);
        const xmkId = record.projectCode ? (q.projectOfTender.get(sql, { id: notice.id })?.xmkId ?? null) : null;
        if (xmkId) {
          event(
            {
              kind: 'changed',
              contentType: 'xmk',
              contentId: xmkId,
              changeKey: `zb:${notice.id}`,
              detail: `项目新增${label}：${record.title}`.slice(0, 300),
            },
            members(q.followersOf.all(sql, { type: 'xmk', id: xmkId })),
          );
        }
        if (record.processCode) {
          const byTender = new Map<number, { memberId: number }[]>();
          for (const followed of q.processFollowers.all(sql, { processCode: record.processCode, exceptId: notice.id })) {
            const list = byTender.get(followed.id);
            if (list) list.push(followed);
            else byTender.set(followed.id, [followed]);
          }
          for (const [tenderId, rows] of byTender) {
            event(
              {
                kind: 'changed',
                contentType: 'zb',
                contentId: tenderId,
                changeKey: `zb:${notice.id}`,
                detail: `招标流程新增${label}：${record.title}`.slice(0, 300),
              },
              members(rows),
            );
          }
        }
      }
    }
    return writeInbox(sql, pending);
  }
}

/** The alerts of one import's notices at once (ImportAlerts for a single batch). */
export function recordImportAlerts(db: Db, notices: readonly ImportedNotice[], now: Date): number {
  return new ImportAlerts(statementsOf(db), now).record(notices);
}

/** A withdrawn notice leaves every member's alerts, their unread counts, mail and feeds. */
export function forgetAlertsOf(sql: Statements, type: 'zb' | 'xmk', id: number): void {
  q.deleteEventsOf.run(sql, { type, id });
}

/** Inbox rows as flat triples (member, event, subscription or 0), written in key order, a hundred a statement. */
function writeInbox(sql: Statements, flat: number[]): number {
  const count = flat.length / 3;
  const order = Array.from({ length: count }, (_, i) => i * 3);
  order.sort((x, y) => flat[x]! - flat[y]! || flat[x + 1]! - flat[y + 1]!);
  const BATCH = 100;
  let written = 0;
  for (let start = 0; start < count; start += BATCH) {
    const values: number[] = [];
    for (let k = start; k < Math.min(count, start + BATCH); k++) {
      const at = order[k]!;
      values.push(flat[at]!, flat[at + 1]!, flat[at + 2]!);
    }
    written += q.insertInboxRows(sql, values);
  }
  metrics.alertsDelivered.inc(written);
  return written;
}
