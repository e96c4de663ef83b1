/**
 * What the OCDS feed reads: tender notices (live and withdrawn) in publish order after a cursor,
 * their rows, kept versions and withdrawals by id, and the notices of one process.
 */
import { Query } from '../../db/connection';
import type { RecordRow } from '../content/notice-record';
import { ZB_RECORD_COLUMNS } from '../content/queries';

/** A notice's place in publish order: (publish time, id). */
export interface NoticeKey {
  id: number;
  publishTime: string;
}

type After = { since: string; after: number; limit: number };

/** Live notices after (since, after); the (publish_time, rowid) index serves the row-value range. */
export const liveKeysAfter = new Query<After, NoticeKey>(
  `SELECT id, publish_time AS publishTime FROM zb
   WHERE (publish_time, id) > (@since, @after) ORDER BY publish_time, id LIMIT @limit`,
);

const WITHDRAWN_TIME = `json_extract(record, '$.publishTime')`;

/** Withdrawn notices after (since, after): few, so read without an index of their own. */
export const withdrawnKeysAfter = new Query<After, NoticeKey>(
  `SELECT data_id AS id, ${WITHDRAWN_TIME} AS publishTime FROM notice_withdrawn
   WHERE type = 'zb' AND (${WITHDRAWN_TIME}, data_id) > (@since, @after) ORDER BY 2, 1 LIMIT @limit`,
);

type Ids = { ids: string };

export const liveRows = new Query<Ids, RecordRow>(`SELECT ${ZB_RECORD_COLUMNS} FROM zb WHERE id IN (SELECT value FROM json_each(@ids))`);

export const versionRows = new Query<Ids, { id: number; version: number; record: string; changeTime: string }>(
  `SELECT data_id AS id, version, record, change_time AS changeTime FROM notice_version
   WHERE type = 'zb' AND data_id IN (SELECT value FROM json_each(@ids)) ORDER BY data_id, version`,
);

export const withdrawnRows = new Query<Ids, { id: number; record: string; withdrawTime: string }>(
  `SELECT data_id AS id, record, withdraw_time AS withdrawTime FROM notice_withdrawn
   WHERE type = 'zb' AND data_id IN (SELECT value FROM json_each(@ids))`,
);

/** How many versions a notice keeps (its latest release is number versions + 1). */
export const versionCount = new Query<{ id: number }, { n: number }>(
  `SELECT count(*) AS n FROM notice_version WHERE type = 'zb' AND data_id = @id`,
);

/** The notices of a process, live and withdrawn. */
export const processIds = new Query<{ processCode: string }, { id: number }>(
  `SELECT id FROM zb WHERE process_code = @processCode
   UNION SELECT data_id FROM notice_withdrawn WHERE type = 'zb' AND json_extract(record, '$.processCode') = @processCode`,
);

/** A notice outside any process, by its key (source id, or `zb-<id>`). */
export const noticeIdsOfKey = new Query<{ sourceId: string; id: number }, { id: number }>(
  `SELECT id FROM zb WHERE process_code IS NULL AND (source_id = @sourceId OR (source_id IS NULL AND id = @id))
   UNION SELECT data_id FROM notice_withdrawn WHERE type = 'zb' AND json_extract(record, '$.processCode') IS NULL
     AND (source_id = @sourceId OR (source_id IS NULL AND data_id = @id))`,
);

/** What the summary counts: live and withdrawn tender notices, and the live ones' time span. */
export const summaryCounts = new Query<
  Record<string, never>,
  { live: number; withdrawn: number; first: string | null; last: string | null }
>(
  `SELECT (SELECT count(*) FROM zb) AS live,
     (SELECT count(*) FROM notice_withdrawn WHERE type = 'zb') AS withdrawn,
     (SELECT min(publish_time) FROM zb) AS first, (SELECT max(publish_time) FROM zb) AS last`,
);

/** The newest notice of a type that belongs to a process (walks the publish-time index from the newest). */
export const newestOfType = new Query<{ noticeType: string }, { id: number }>(
  `SELECT id FROM zb WHERE notice_type = @noticeType AND process_code IS NOT NULL ORDER BY publish_time DESC LIMIT 1`,
);

export const newest = new Query<Record<string, never>, { id: number }>(`SELECT id FROM zb ORDER BY publish_time DESC LIMIT 1`);
