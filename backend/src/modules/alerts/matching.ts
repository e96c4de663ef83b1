/**
 * Subscriptions matched at import time (issue 12 part 3). The import calls `recordImportAlerts`
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
import type { Db } from '../../db/connection';
import { PROVINCE } from '../../db/seed/regions';
import { htmlText, runsOf } from '../../search/tokens';
import { cityOf, FIELD_LABELS, type NoticeRecord } from '../content/notice-record';
import type { ImportedNotice } from '../content/import';
import { NOTICE_TYPES } from '../../db/seed/dictionaries';
import { formatDateTime } from '../../clock';

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

interface SubscriptionRow {
  id: number;
  memberId: number;
  name: string;
  keywords: string;
  excludeWords: string;
  areaCodes: string;
  noticeTypes: string;
  amountMin: number | null;
  amountMax: number | null;
}

const commaSet = (value: string): ReadonlySet<string> | null => {
  const values = value.split(',').filter((v) => v !== '' && v !== PROVINCE.code);
  return values.length === 0 ? null : new Set(values);
};

/** Words of a space separated list (the same split the search applies: runs of letters and digits). */
export const wordsOf = (value: string): string[] => value.split(/\s+/).filter((w) => runsOf(w).length > 0);

export function compileSubscription(row: SubscriptionRow): CompiledSubscription {
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

/** Subscriptions filed by region: a region code, or ANYWHERE. */
type ByRegion = Map<string, CompiledSubscription[]>;

export class SubscriptionIndex {
  private readonly byAnchor = new Map<string, ByRegion>();
  private readonly withoutKeywords: ByRegion = new Map();
  readonly size: number;

  constructor(subscriptions: readonly CompiledSubscription[]) {
    this.size = subscriptions.length;
    const file = (map: ByRegion, sub: CompiledSubscription) => {
      for (const area of sub.areas ?? [ANYWHERE]) {
        const list = map.get(area);
        if (list) list.push(sub);
        else map.set(area, [sub]);
      }
    };
    for (const sub of subscriptions) {
      const anchor = anchorOf(sub.keywordRuns);
      if (anchor === null) {
        file(this.withoutKeywords, sub);
        continue;
      }
      let byRegion = this.byAnchor.get(anchor);
      if (!byRegion) this.byAnchor.set(anchor, (byRegion = new Map()));
      file(byRegion, sub);
    }
  }

  /** Enabled subscriptions of every member, read once per import. */
  static load(db: Db): SubscriptionIndex {
    const rows = db
      .prepare<[], SubscriptionRow>(
        `SELECT id, member_id AS memberId, name, keywords, exclude_words AS excludeWords, area_codes AS areaCodes,
           notice_types AS noticeTypes, amount_min AS amountMin, amount_max AS amountMax
         FROM alert_subscription WHERE enabled = 1 ORDER BY id`,
      )
      .all();
    return new SubscriptionIndex(rows.map(compileSubscription));
  }

  /** Subscriptions the notice matches, each once, in id order. */
  match(target: MatchTarget): CompiledSubscription[] {
    const found = new Map<number, CompiledSubscription>();
    const regions = target.cityCode === target.areaCode ? [ANYWHERE, target.areaCode] : [ANYWHERE, target.areaCode, target.cityCode];
    // Only the notice's own regions are looked at: most subscriptions name one, so most are never touched.
    const consider = (byRegion: ByRegion | undefined) => {
      if (!byRegion) return;
      for (const region of regions) {
        for (const sub of byRegion.get(region) ?? []) if (!found.has(sub.id) && matches(sub, target)) found.set(sub.id, sub);
      }
    };
    if (this.byAnchor.size > 0) {
      const seen = new Set<string>();
      for (const run of target.runs) {
        const chars = Array.from(run);
        for (let i = 0; i < chars.length; i++) {
          const one = chars[i]!;
          if (!seen.has(one)) {
            seen.add(one);
            consider(this.byAnchor.get(one));
          }
          if (i + 1 < chars.length) {
            const two = one + chars[i + 1]!;
            if (!seen.has(two)) {
              seen.add(two);
              consider(this.byAnchor.get(two));
            }
          }
        }
      }
    }
    consider(this.withoutKeywords);
    return [...found.values()].sort((a, b) => a.id - b.id);
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
    if (JSON.stringify(previous[key]) === JSON.stringify(record[key])) continue;
    const label = FIELD_LABELS[key] ?? key;
    if (SHOWN_VALUES.has(key)) parts.push(`${label}：${String(previous[key] ?? '无')} → ${String(record[key] ?? '无')}`);
    else parts.push(label);
  }
  return `变更：${parts.join('；')}`.slice(0, 300);
}

export interface AlertRow {
  memberId: number;
  kind: 'new' | 'changed' | 'deadline';
  contentType: 'zb' | 'xmk';
  contentId: number;
  changeKey: string;
  detail: string;
}

/** An alert's title is its notice's current one (`a` is the alert table's alias). */
export const ALERT_TITLE_SQL = `coalesce(CASE a.content_type WHEN 'zb' THEN (SELECT title FROM zb WHERE id = a.content_id)
  ELSE (SELECT title FROM xmk WHERE id = a.content_id) END, '（已删除）') AS title`;

/** Insert alerts, each at most once (the unique key); returns how many were new. */
export function alertWriter(db: Db): (alert: AlertRow, now: string) => boolean {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO alert (member_id, kind, content_type, content_id, change_key, detail, create_time)
     VALUES (@memberId, @kind, @contentType, @contentId, @changeKey, @detail, @now)`,
  );
  return (alert, now) => insert.run({ ...alert, now }).changes > 0;
}

/**
 * The alerts of one import: `new` for inserted tenders matching a subscription; `changed` for a
 * changed notice its followers (favourites) see, for a followed project that gains a tender, and
 * for a followed tender whose process gains a notice (中标公告…).
 */
export function recordImportAlerts(db: Db, notices: readonly ImportedNotice[], now: Date): number {
  if (notices.length === 0) return 0;
  const at = formatDateTime(now);
  const write = alertWriter(db);
  const followers = db.prepare<[string, number], { memberId: number }>(
    'SELECT member_id AS memberId FROM favorite WHERE type = ? AND data_id = ? AND is_cancel = 0',
  );
  const processFollowers = db.prepare<[string, number], { memberId: number; id: number }>(
    // CROSS JOIN keeps the process's few tenders as the outer loop: left to itself the planner walked
    // every followed tender per imported notice (4,000 favourites: 50 ms a notice in bench:import).
    `SELECT f.member_id AS memberId, z.id FROM zb z
     CROSS JOIN favorite f ON f.type = 'zb' AND f.data_id = z.id AND f.is_cancel = 0
     WHERE z.process_code = ? AND z.id <> ?`,
  );
  const projectOf = db.prepare<[number], { xmkId: number | null }>('SELECT xmk_id AS xmkId FROM zb WHERE id = ?');
  const version = db.prepare<[string, number], { v: number | null }>(
    'SELECT max(version) AS v FROM notice_version WHERE type = ? AND data_id = ?',
  );
  let index: SubscriptionIndex | null = null;
  // Collected, then written in index order: a large file makes hundreds of thousands of alerts, and
  // inserting them member by member touches each index page once instead of once per alert.
  const pending: AlertRow[] = [];
  const add = (alert: AlertRow) => {
    pending.push(alert);
  };
  for (const notice of notices) {
    const { record } = notice;
    if (notice.change === 'inserted' && notice.kind === 'zb') {
      index ??= SubscriptionIndex.load(db);
      const target = matchTarget(record);
      for (const sub of index.match(target)) {
        add({
          memberId: sub.memberId,
          kind: 'new',
          contentType: 'zb',
          contentId: notice.id,
          changeKey: '',
          detail: `匹配订阅「${sub.name}」`,
        });
      }
    }
    if (notice.change === 'updated' && notice.previous) {
      const changeKey = `v${version.get(notice.kind, notice.id)?.v ?? 0}`;
      const detail = changeDetail(notice.previous, record);
      for (const { memberId } of followers.all(notice.kind, notice.id)) {
        add({ memberId, kind: 'changed', contentType: notice.kind, contentId: notice.id, changeKey, detail });
      }
    }
    if (notice.change === 'inserted' && notice.kind === 'zb') {
      const label = noticeTypeLabel(record.noticeType);
      const project = record.projectCode ? projectOf.get(notice.id) : undefined;
      if (project?.xmkId) {
        for (const { memberId } of followers.all('xmk', project.xmkId)) {
          add({
            memberId,
            kind: 'changed',
            contentType: 'xmk',
            contentId: project.xmkId,
            changeKey: `zb:${notice.id}`,
            detail: `项目新增${label}：${record.title}`.slice(0, 300),
          });
        }
      }
      if (record.processCode) {
        for (const followed of processFollowers.all(record.processCode, notice.id)) {
          add({
            memberId: followed.memberId,
            kind: 'changed',
            contentType: 'zb',
            contentId: followed.id,
            changeKey: `zb:${notice.id}`,
            detail: `招标流程新增${label}：${record.title}`.slice(0, 300),
          });
        }
      }
    }
  }
  pending.sort((a, b) => a.memberId - b.memberId || (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0) || a.contentId - b.contentId);
  let written = 0;
  for (const alert of pending) if (write(alert, at)) written++;
  return written;
}
