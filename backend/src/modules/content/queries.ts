/**
 * Projects' and tenders' SQL outside the search (search.ts builds its own): details and their
 * neighbours, history and lifecycle, notices as import records, list rows by id, and the member's
 * bidding subscription. `table` is always one of the two content tables (ContentTable), never input.
 */
import type { ContactBlock, ContentLink, XmkHistoryEntry, XmkListItem, ZbListItem } from '@shared/content/types';
import type { LifecycleNotice, NoticeChangedBy, XmkLifecycle } from '@shared/content/notices';
import { Query, type Params, type Statements } from '../../db/connection';
import type { ContentTable } from '../../search/fts-index';
import { ORDER_TABLE } from '../../search/publish-order';
import type { RecordRow } from './notice-record';

type ById = { id: number };

// ---- details ---------------------------------------------------------------------------------

export interface ContactColumns {
  contactCompany: string;
  contactName: string;
  contactPhone: string;
  contactAddress: string;
}

const XMK_DETAIL_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime, views,
    stage, nature, investment, owner, address, building_area AS buildingArea, owner_type AS ownerType,
    approval_authority AS approvalAuthority, plan_start_date AS planStartDate, plan_end_date AS planEndDate, content,
    update_time AS updateTime, contact_company AS contactCompany, contact_name AS contactName,
    contact_phone AS contactPhone, contact_address AS contactAddress, project_code AS projectCode, source_url AS sourceUrl,
    attachments, date_only AS dateOnly
  FROM xmk WHERE id = @id`;

const ZB_DETAIL_SQL = `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime, views,
    notice_type AS noticeType, amount, tenderer, signup_deadline AS signupDeadline, agency, open_time AS openTime,
    content, update_time AS updateTime, xmk_id AS xmkId, contact_company AS contactCompany,
    contact_name AS contactName, contact_phone AS contactPhone, contact_address AS contactAddress,
    process_code AS processCode, project_code AS projectCode, winner, win_amount AS winAmount, source_url AS sourceUrl,
    win_amount_text AS winAmountText, candidates, attachments, date_only AS dateOnly
  FROM zb WHERE id = @id`;

/** The stored detail row of a project, `R` the caller's view of it. */
export const xmkDetailRow = <R>(sql: Statements, id: number): R | undefined => sql.get<ById, R>(XMK_DETAIL_SQL).get({ id });

export const zbDetailRow = <R>(sql: Statements, id: number): R | undefined => sql.get<ById, R>(ZB_DETAIL_SQL).get({ id });

/** The item published just before (`prev`) or just after (`next`) item `id`, in publish order (its key). */
export function neighbour(sql: Statements, table: ContentTable, id: number, side: 'prev' | 'next'): ContentLink | null {
  const [op, dir] = side === 'prev' ? ['<', 'DESC'] : ['>', 'ASC'];
  const order = ORDER_TABLE[table];
  return (
    sql
      .get<ById, ContentLink>(
        `SELECT t.id, t.title, t.publish_time AS publishTime FROM ${order} o JOIN ${table} t ON t.id = o.id
         WHERE o.seq ${op} (SELECT seq FROM ${order} WHERE id = @id) ORDER BY o.seq ${dir} LIMIT 1`,
      )
      .get({ id }) ?? null
  );
}

/** A project's newest tenders. */
export const tendersOfProject = new Query<ById, ContentLink & { noticeType: string }>(
  `SELECT id, title, publish_time AS publishTime, notice_type AS noticeType FROM zb
   WHERE xmk_id = @id ORDER BY publish_time DESC, id DESC LIMIT 20`,
);

export function contentLink(sql: Statements, table: ContentTable, id: number): ContentLink | undefined {
  return sql.get<ById, ContentLink>(`SELECT id, title, publish_time AS publishTime FROM ${table} WHERE id = @id`).get({ id });
}

export function exists(sql: Statements, table: ContentTable, id: number): boolean {
  return sql.get<ById, { id: number }>(`SELECT id FROM ${table} WHERE id = @id`).get({ id }) !== undefined;
}

/** A project's stage versions, newest first. */
export const stageHistory = new Query<ById, XmkHistoryEntry>(
  `SELECT id, xmk_id AS xmkId, version, stage, summary, change_time AS changeTime
   FROM xmk_version WHERE xmk_id = @id ORDER BY version DESC`,
);

/** The contact block of an item as stored. */
export function contactOf(sql: Statements, table: ContentTable, id: number): ContactBlock | undefined {
  return sql
    .get<ById, ContactBlock>(
      `SELECT contact_company AS company, contact_name AS contact, contact_phone AS phone, contact_address AS address
       FROM ${table} WHERE id = @id`,
    )
    .get({ id });
}

// ---- notices as import records (notice-record.ts) ----------------------------------------------

/** The SELECT list that reads a zb row as a NoticeRecord (flat; see `recordOfRow`). */
export const ZB_RECORD_COLUMNS = `id, source_id AS sourceId, process_code AS processCode, project_code AS projectCode, title,
  notice_type AS noticeType, area_code AS areaCode, industry, amount, publish_time AS publishTime,
  signup_deadline AS signupDeadline, open_time AS openTime, tenderer, agency, winner, win_amount AS winAmount,
  win_amount_text AS winAmountText, candidates, contact_company AS contactCompany, contact_name AS contactName,
  contact_phone AS contactPhone, contact_address AS contactAddress, content, source_url AS sourceUrl, attachments,
  date_only AS dateOnly`;

/** The same for xmk: stage, investment and owner stand in the tender fields' places. */
export const XMK_RECORD_COLUMNS = `id, source_id AS sourceId, NULL AS processCode, project_code AS projectCode, title,
  stage AS noticeType, area_code AS areaCode, industry, investment AS amount, publish_time AS publishTime,
  NULL AS signupDeadline, NULL AS openTime, owner AS tenderer, '' AS agency, NULL AS winner, NULL AS winAmount,
  NULL AS winAmountText, '[]' AS candidates, contact_company AS contactCompany, contact_name AS contactName,
  contact_phone AS contactPhone, contact_address AS contactAddress, content, source_url AS sourceUrl, attachments,
  date_only AS dateOnly`;

export const RECORD_COLUMNS: Record<ContentTable, string> = { zb: ZB_RECORD_COLUMNS, xmk: XMK_RECORD_COLUMNS };

export function recordRow(sql: Statements, table: ContentTable, id: number): RecordRow | undefined {
  return sql.get<ById, RecordRow>(`SELECT ${RECORD_COLUMNS[table]} FROM ${table} WHERE id = @id`).get({ id });
}

/** The notice a source id names (zb rows with their project link). */
export function recordBySource(
  sql: Statements,
  table: ContentTable,
  sourceId: string,
): (RecordRow & { xmkId?: number | null }) | undefined {
  const text =
    table === 'zb'
      ? `SELECT ${ZB_RECORD_COLUMNS}, xmk_id AS xmkId FROM zb WHERE source_id = @sourceId`
      : `SELECT ${XMK_RECORD_COLUMNS} FROM xmk WHERE source_id = @sourceId`;
  return sql.get<{ sourceId: string }, RecordRow & { xmkId?: number | null }>(text).get({ sourceId });
}

export interface VersionRow {
  version: number;
  record: string;
  changedBy: NoticeChangedBy;
  changeTime: string;
}

/** The latest kept former state of a notice. */
export function latestVersion(sql: Statements, table: ContentTable, id: number): VersionRow | undefined {
  return sql
    .get<{ type: ContentTable; id: number }, VersionRow>(
      `SELECT version, record, changed_by AS changedBy, change_time AS changeTime FROM notice_version
       WHERE type = @type AND data_id = @id ORDER BY version DESC LIMIT 1`,
    )
    .get({ type: table, id });
}

// ---- lifecycles (timeline.ts) -----------------------------------------------------------------

/** The latest notice of a process published before (`publishTime`, ties by `id`) that is not of `excludedType`. */
export const previousInProcess = new Query<{ processCode: string; excludedType: string; id: number; publishTime: string }, LifecycleNotice>(
  `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime FROM zb
   WHERE process_code = @processCode AND notice_type <> @excludedType
     AND (publish_time < @publishTime OR (publish_time = @publishTime AND id < @id))
   ORDER BY publish_time DESC, id DESC LIMIT 1`,
);

/** The notices of a process, oldest first. */
export const processNotices = new Query<{ processCode: string }, LifecycleNotice>(
  `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime FROM zb
   WHERE process_code = @processCode ORDER BY publish_time, id LIMIT 100`,
);

/** A project's stages, oldest first. */
export const projectStages = new Query<ById, XmkLifecycle['stages'][number]>(
  'SELECT stage, summary, change_time AS changeTime FROM xmk_version WHERE xmk_id = @id ORDER BY version',
);

/** A project's tenders, oldest first. */
export const projectTenders = new Query<ById, XmkLifecycle['tenders'][number]>(
  `SELECT id, notice_type AS noticeType, title, publish_time AS publishTime, process_code AS processCode FROM zb
   WHERE xmk_id = @id ORDER BY publish_time, id LIMIT 200`,
);

// ---- publish order (search.ts) -------------------------------------------------------------------

/** The ids of notices given by their keys in publish order (search/publish-order.ts), in that order. */
export function idsOfKeys(sql: Statements, table: ContentTable, keys: readonly number[]): number[] {
  if (keys.length === 0) return [];
  const rows = sql
    .get<{ keys: string }, { seq: number; id: number }>(
      `SELECT seq, id FROM ${ORDER_TABLE[table]} WHERE seq IN (SELECT value FROM json_each(@keys))`,
    )
    .all({ keys: JSON.stringify(keys) });
  const byKey = new Map(rows.map((r) => [r.seq, r.id]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}

/** The key of the first notice published at or after `time`: the publish-time index, then its key. */
export function firstKeyFrom(sql: Statements, table: ContentTable, time: string): number | undefined {
  return sql
    .get<{ time: string }, number>(
      `SELECT o.seq FROM ${table} t CROSS JOIN ${ORDER_TABLE[table]} o ON o.id = t.id
       WHERE t.publish_time >= @time ORDER BY t.publish_time, t.id LIMIT 1`,
    )
    .pluck()
    .get({ time });
}

/** The key of the last notice published at or before `time`. */
export function lastKeyUntil(sql: Statements, table: ContentTable, time: string): number | undefined {
  return sql
    .get<{ time: string }, number>(
      `SELECT o.seq FROM ${table} t CROSS JOIN ${ORDER_TABLE[table]} o ON o.id = t.id
       WHERE t.publish_time <= @time ORDER BY t.publish_time DESC, t.id DESC LIMIT 1`,
    )
    .pluck()
    .get({ time });
}

// ---- list rows (search.ts) ----------------------------------------------------------------------

export type XmkListRow = Omit<XmkListItem, 'highlightTitle' | 'snippet'>;
export type ZbListRow = Omit<ZbListItem, 'highlightTitle' | 'snippet'>;

const LIST_SQL: Record<ContentTable, string> = {
  xmk: `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime,
      views, stage, nature, investment, owner
    FROM xmk WHERE id IN (SELECT value FROM json_each(@ids))`,
  zb: `SELECT id, title, area_code AS areaCode, city_code AS cityCode, industry, publish_time AS publishTime,
      views, notice_type AS noticeType, coalesce(win_amount, amount) AS amount, tenderer, signup_deadline AS signupDeadline
    FROM zb WHERE id IN (SELECT value FROM json_each(@ids))`,
};

/** The list rows of `ids`, in no particular order. */
export function listRows<R>(sql: Statements, table: ContentTable, ids: readonly number[]): R[] {
  return sql.get<{ ids: string }, R>(LIST_SQL[table]).all({ ids: JSON.stringify(ids) });
}

/** The keyword fields other than the title, body first: where an excerpt is taken from. */
const BODY_SQL: Record<ContentTable, string> = {
  xmk: `SELECT id, content, owner AS f1, '' AS f2 FROM xmk WHERE id IN (SELECT value FROM json_each(@ids))`,
  zb: `SELECT id, content, tenderer AS f1, agency AS f2 FROM zb WHERE id IN (SELECT value FROM json_each(@ids))`,
};

export function bodies(
  sql: Statements,
  table: ContentTable,
  ids: readonly number[],
): { id: number; content: string; f1: string; f2: string }[] {
  return sql
    .get<{ ids: string }, { id: number; content: string; f1: string; f2: string }>(BODY_SQL[table])
    .all({ ids: JSON.stringify(ids) });
}

// ---- the bidding subscription -------------------------------------------------------------------

/** The member's profile subscription: comma lists of keywords and region codes. */
export const profileSubscription = new Query<{ memberId: number }, { keywords: string; regions: string }>(
  'SELECT subscribe_keywords AS keywords, subscribe_regions AS regions FROM member WHERE id = @memberId',
);

// ---- counts (content-stats.ts) ------------------------------------------------------------------

/** Rows of `table`, or of a city's (`city_code`) or a county's (`area_code`). */
export function rowCount(sql: Statements, table: ContentTable, region?: { column: 'city_code' | 'area_code'; code: string }): number {
  if (!region) return sql.get<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
  return sql
    .get<{ code: string }, { n: number }>(`SELECT count(*) AS n FROM ${table} WHERE ${region.column} = @code`)
    .get({ code: region.code })!.n;
}

// ---- the import's writes (import.ts) ------------------------------------------------------------

const ZB_VALUES = `title = @title, area_code = @areaCode, city_code = @cityCode, industry = @industry,
  notice_type = @noticeType, amount = @amount, tenderer = @tenderer, agency = @agency, open_time = @openTime,
  signup_deadline = @signupDeadline, content = @content, contact_company = @contactCompany,
  contact_name = @contactName, contact_phone = @contactPhone, contact_address = @contactAddress,
  publish_time = @publishTime, update_time = @updateTime, process_code = @processCode, project_code = @projectCode,
  winner = @winner, win_amount = @winAmount, source_url = @sourceUrl, win_amount_text = @winAmountText,
  candidates = @candidates, attachments = @attachments, date_only = @dateOnly`;

const XMK_VALUES = `title = @title, area_code = @areaCode, city_code = @cityCode, industry = @industry, stage = @noticeType,
  investment = @investment, owner = @tenderer, content = @content, contact_company = @contactCompany,
  contact_name = @contactName, contact_phone = @contactPhone, contact_address = @contactAddress,
  publish_time = @publishTime, update_time = @updateTime, project_code = @projectCode, source_url = @sourceUrl,
  attachments = @attachments, date_only = @dateOnly`;

/** The import's statements, bound to a record's flat named parameters (import.ts `params`) and ids. */
export function importWriters(sql: Statements) {
  return {
    projectByCode: sql.get<{ projectCode: string }, { id: number }>(
      'SELECT id FROM xmk WHERE project_code = @projectCode ORDER BY id DESC LIMIT 1',
    ),
    insertZb: sql.get<Params>(
      `INSERT INTO zb (id, source_id, title, area_code, city_code, industry, notice_type, amount, tenderer, agency, open_time,
         signup_deadline, content, contact_company, contact_name, contact_phone, contact_address, xmk_id, publish_time,
         update_time, process_code, project_code, winner, win_amount, source_url, win_amount_text, candidates, attachments,
         date_only, views)
       VALUES (@id, @sourceId, @title, @areaCode, @cityCode, @industry, @noticeType, @amount, @tenderer, @agency, @openTime,
         @signupDeadline, @content, @contactCompany, @contactName, @contactPhone, @contactAddress, @xmkId, @publishTime,
         @updateTime, @processCode, @projectCode, @winner, @winAmount, @sourceUrl, @winAmountText, @candidates, @attachments,
         @dateOnly, @views)`,
    ),
    updateZb: sql.get<Params>(`UPDATE zb SET ${ZB_VALUES} WHERE id = @id`),
    // The project link apart, and run only when it differs: with foreign keys on, every UPDATE naming
    // the foreign-key column cost time that grew with the transaction (2,000 updates: 4 s against 0.1 s).
    relinkZb: sql.get<{ xmkId: number | null; id: number }>('UPDATE zb SET xmk_id = @xmkId WHERE id = @id'),
    // Fields the import record does not carry get neutral values: the address is the contact's, the
    // rest empty (docs/decisions/notices-import-and-versions.md).
    insertXmk: sql.get<Params>(
      `INSERT INTO xmk (id, source_id, title, area_code, city_code, address, industry, stage, nature, investment, owner,
         owner_type, approval_authority, content, contact_company, contact_name, contact_phone, contact_address,
         publish_time, update_time, project_code, source_url, attachments, date_only, views)
       VALUES (@id, @sourceId, @title, @areaCode, @cityCode, @contactAddress, @industry, @noticeType, '', @investment, @tenderer,
         '', '', @content, @contactCompany, @contactName, @contactPhone, @contactAddress, @publishTime, @updateTime,
         @projectCode, @sourceUrl, @attachments, @dateOnly, @views)`,
    ),
    updateXmk: sql.get<Params>(`UPDATE xmk SET ${XMK_VALUES} WHERE id = @id`),
    linkTenders: sql.get<{ id: number; projectCode: string }>(
      'UPDATE zb SET xmk_id = @id WHERE project_code = @projectCode AND xmk_id IS NULL',
    ),
    // Checked first, for the reason given at relinkZb: most projects have no tender waiting.
    unlinkedTender: sql.get<{ projectCode: string }, { id: number }>(
      'SELECT id FROM zb WHERE project_code = @projectCode AND xmk_id IS NULL LIMIT 1',
    ),
    nextStageVersion: sql.get<ById, { v: number }>('SELECT coalesce(max(version), 0) + 1 AS v FROM xmk_version WHERE xmk_id = @id'),
    insertStage: sql.get<{ id: number; version: number; stage: string; summary: string; time: string }>(
      'INSERT INTO xmk_version (xmk_id, version, stage, summary, change_time) VALUES (@id, @version, @stage, @summary, @time)',
    ),
    nextVersion: sql.get<{ type: ContentTable; id: number }, { v: number }>(
      'SELECT coalesce(max(version), 0) + 1 AS v FROM notice_version WHERE type = @type AND data_id = @id',
    ),
    insertVersion: sql.get<{ type: ContentTable; id: number; version: number; record: string; changedBy: NoticeChangedBy; time: string }>(
      `INSERT INTO notice_version (type, data_id, version, record, changed_by, change_time)
       VALUES (@type, @id, @version, @record, @changedBy, @time)`,
    ),
    // A document's rowid is its notice's key in publish order, not its id.
    ftsDelete: {
      zb: sql.get<ById>('DELETE FROM zb_fts WHERE rowid = (SELECT seq FROM zb_order WHERE id = @id)'),
      xmk: sql.get<ById>('DELETE FROM xmk_fts WHERE rowid = (SELECT seq FROM xmk_order WHERE id = @id)'),
    },
  };
}

// ---- withdrawn notices (withdraw.ts) ------------------------------------------------------------

export interface WithdrawnRow {
  id: number;
  sourceId: string | null;
  /** the last version, as an import record (JSON) */
  record: string;
  /** JSON of WithdrawnExtra */
  extra: string;
}

const WITHDRAWN_COLUMNS = 'data_id AS id, source_id AS sourceId, record, extra';

export const withdrawnById = new Query<{ type: ContentTable; id: number }, WithdrawnRow>(
  `SELECT ${WITHDRAWN_COLUMNS} FROM notice_withdrawn WHERE type = @type AND data_id = @id`,
);

export const withdrawnBySource = new Query<{ type: ContentTable; sourceId: string }, WithdrawnRow>(
  `SELECT ${WITHDRAWN_COLUMNS} FROM notice_withdrawn WHERE type = @type AND source_id = @sourceId`,
);

export const insertWithdrawn = new Query<{
  type: ContentTable;
  id: number;
  sourceId: string | null;
  record: string;
  extra: string;
  by: NoticeChangedBy;
  time: string;
}>(
  `INSERT INTO notice_withdrawn (type, data_id, source_id, record, extra, withdrawn_by, withdraw_time)
   VALUES (@type, @id, @sourceId, @record, @extra, @by, @time)`,
);

export const updateWithdrawn = new Query<{ type: ContentTable; id: number; record: string; by: NoticeChangedBy; time: string }>(
  `UPDATE notice_withdrawn SET record = @record, withdrawn_by = @by, withdraw_time = @time WHERE type = @type AND data_id = @id`,
);

export const deleteWithdrawn = new Query<{ type: ContentTable; id: number }>(
  'DELETE FROM notice_withdrawn WHERE type = @type AND data_id = @id',
);

/** The highest id a withdrawn notice keeps (0 for none): new notices are numbered above it. */
export const highestWithdrawnId = new Query<{ type: ContentTable }, { id: number }>(
  'SELECT coalesce(max(data_id), 0) AS id FROM notice_withdrawn WHERE type = @type',
);

export function highestId(sql: Statements, table: ContentTable): number {
  return sql.get<[], { id: number }>(`SELECT coalesce(max(id), 0) AS id FROM ${table}`).get()!.id;
}

export function viewsOf(sql: Statements, table: ContentTable, id: number): number {
  return sql.get<ById, { views: number }>(`SELECT views FROM ${table} WHERE id = @id`).get({ id })?.views ?? 0;
}

export function deleteRow(sql: Statements, table: ContentTable, id: number): void {
  sql.get<ById>(`DELETE FROM ${table} WHERE id = @id`).run({ id });
}

/** A project's stage history rows as stored (kept with a withdrawn project). */
export const stageRows = new Query<ById, { version: number; stage: string; summary: string; changeTime: string }>(
  'SELECT version, stage, summary, change_time AS changeTime FROM xmk_version WHERE xmk_id = @id ORDER BY version',
);
