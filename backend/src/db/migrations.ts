/**
 * Schema migrations, versioned through `PRAGMA user_version`. Each migration runs in its own
 * transaction together with the version bump, so a crash leaves the database at a whole version.
 * Append new migrations; never edit a released one.
 *
 * Conventions: content and member-facing times are TEXT `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (what
 * the API returns, and they sort as text); security timestamps (token expiry, lockout) are INTEGER
 * epoch milliseconds. Money is REAL 万元 for content and INTEGER 分 for prices.
 */
import { NOTICE_TYPES } from '../reference/dictionaries';
import { buildSearchIndex } from '../search/fts-index';
import type { Db } from './connection';
import { META, metaValue, setMeta } from './meta';

/**
 * Rules of the modules that data steps apply to rows already stored. db/ imports no module: the
 * program hands them over (migrate-database.ts).
 */
export interface MigrationRules {
  /** The look-alike key of a user name (modules/auth/user-name-key.ts). */
  userNameKey(name: string): string;
  /** The companies of every stored notice (modules/company/maintain.ts). */
  backfillCompanies(db: Db): void;
}

const V1_SCHEMA = /* sql */ `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE sys_config (
  config_key   TEXT PRIMARY KEY,
  config_name  TEXT NOT NULL,
  config_value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE sys_dict_data (
  dict_code  INTEGER PRIMARY KEY,
  dict_type  TEXT NOT NULL,
  dict_sort  INTEGER NOT NULL,
  dict_label TEXT NOT NULL,
  dict_value TEXT NOT NULL,
  css_class  TEXT,
  list_class TEXT,
  is_default TEXT NOT NULL DEFAULT 'N',
  status     TEXT NOT NULL DEFAULT '0',
  remark     TEXT,
  UNIQUE (dict_type, dict_value)
);

CREATE TABLE sys_notice (
  notice_id      INTEGER PRIMARY KEY,
  notice_title   TEXT NOT NULL,
  notice_type    TEXT NOT NULL CHECK (notice_type IN ('1', '2')),
  notice_content TEXT NOT NULL,
  status         TEXT NOT NULL DEFAULT '0' CHECK (status IN ('0', '1')),
  create_by      TEXT NOT NULL,
  create_time    TEXT NOT NULL
);

CREATE TABLE cms_support (
  col         TEXT PRIMARY KEY,
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  update_time TEXT NOT NULL
) WITHOUT ROWID;

-- 拟在建项目. Ids follow arrival; publish order is the key of V12 (search/publish-order.ts).
CREATE TABLE xmk (
  id                 INTEGER PRIMARY KEY,
  title              TEXT NOT NULL,
  area_code          TEXT NOT NULL,
  city_code          TEXT NOT NULL,
  address            TEXT NOT NULL,
  industry           TEXT NOT NULL,
  stage              TEXT NOT NULL,
  nature             TEXT NOT NULL,
  investment         REAL NOT NULL,
  building_area      REAL,
  owner              TEXT NOT NULL,
  owner_type         TEXT NOT NULL,
  approval_authority TEXT NOT NULL,
  plan_start_date    TEXT,
  plan_end_date      TEXT,
  content            TEXT NOT NULL,
  contact_company    TEXT NOT NULL,
  contact_name       TEXT NOT NULL,
  contact_phone      TEXT NOT NULL,
  contact_address    TEXT NOT NULL,
  publish_time       TEXT NOT NULL,
  update_time        TEXT NOT NULL,
  views              INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX xmk_publish_time ON xmk (publish_time);
CREATE INDEX xmk_city ON xmk (city_code);
CREATE INDEX xmk_area ON xmk (area_code);
CREATE INDEX xmk_investment ON xmk (investment);
CREATE INDEX xmk_views ON xmk (views);

-- One row per stage change (DOMAIN.md: each change keeps a version).
CREATE TABLE xmk_version (
  id          INTEGER PRIMARY KEY,
  xmk_id      INTEGER NOT NULL REFERENCES xmk (id) ON DELETE CASCADE,
  version     INTEGER NOT NULL,
  stage       TEXT NOT NULL,
  summary     TEXT NOT NULL,
  change_time TEXT NOT NULL,
  UNIQUE (xmk_id, version)
);

-- 招标信息. Ids follow arrival, as for xmk.
CREATE TABLE zb (
  id              INTEGER PRIMARY KEY,
  title           TEXT NOT NULL,
  area_code       TEXT NOT NULL,
  city_code       TEXT NOT NULL,
  industry        TEXT NOT NULL,
  notice_type     TEXT NOT NULL,
  amount          REAL,
  tenderer        TEXT NOT NULL,
  agency          TEXT NOT NULL,
  open_time       TEXT,
  signup_deadline TEXT,
  content         TEXT NOT NULL,
  contact_company TEXT NOT NULL,
  contact_name    TEXT NOT NULL,
  contact_phone   TEXT NOT NULL,
  contact_address TEXT NOT NULL,
  xmk_id          INTEGER REFERENCES xmk (id) ON DELETE SET NULL,
  publish_time    TEXT NOT NULL,
  update_time     TEXT NOT NULL,
  views           INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX zb_publish_time ON zb (publish_time);
CREATE INDEX zb_city ON zb (city_code);
CREATE INDEX zb_area ON zb (area_code);
CREATE INDEX zb_amount ON zb (amount);
CREATE INDEX zb_views ON zb (views);
CREATE INDEX zb_xmk ON zb (xmk_id) WHERE xmk_id IS NOT NULL;

-- Search indexes (docs/decisions/search.md): documents are token lists generated in JS —
-- unigrams, bigrams within runs of letters/digits (with a gap token between runs), and filter tags —
-- so the unicode61 tokenizer only splits on spaces. Contentless: the text lives in xmk/zb.
CREATE VIRTUAL TABLE xmk_fts USING fts5 (
  uni, bi, tags,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0'
);
CREATE VIRTUAL TABLE zb_fts USING fts5 (
  uni, bi, tags,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TABLE member_tier (
  level             TEXT PRIMARY KEY CHECK (level IN ('0', '1', '2')),
  name              TEXT NOT NULL,
  benefits          TEXT NOT NULL, -- JSON array of strings
  view_all_contacts INTEGER NOT NULL CHECK (view_all_contacts IN (0, 1))
) WITHOUT ROWID;

CREATE TABLE member (
  id                   INTEGER PRIMARY KEY,
  user_name            TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash        TEXT NOT NULL,
  nick_name            TEXT NOT NULL,
  avatar               TEXT NOT NULL DEFAULT '',
  phonenumber          TEXT NOT NULL DEFAULT '',
  email                TEXT NOT NULL DEFAULT '',
  company              TEXT NOT NULL DEFAULT '',
  level                TEXT NOT NULL DEFAULT '0' REFERENCES member_tier (level),
  level_expire_time    TEXT,
  score                INTEGER NOT NULL DEFAULT 0 CHECK (score >= 0),
  subscribe_keywords   TEXT NOT NULL DEFAULT '',
  subscribe_regions    TEXT NOT NULL DEFAULT '',
  random_password      TEXT NOT NULL,
  random_password_time TEXT NOT NULL,
  create_time          TEXT NOT NULL,
  login_date           TEXT
);

-- Opaque bearer tokens, stored as SHA-256 digests: a copy of the database yields no usable token.
CREATE TABLE member_token (
  token_hash  BLOB PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX member_token_member ON member_token (member_id);
CREATE INDEX member_token_expiry ON member_token (expires_at);

-- Failed logins per user name (existing or not, so the lockout reveals nothing).
CREATE TABLE login_failure (
  user_name       TEXT PRIMARY KEY COLLATE NOCASE,
  failures        INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE score_log (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  type        TEXT NOT NULL,
  change      INTEGER NOT NULL,
  balance     INTEGER NOT NULL CHECK (balance >= 0),
  remark      TEXT NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX score_log_member ON score_log (member_id, id);

-- Contacts a member bought with points: at most one charge per (member, type, item).
CREATE TABLE contact_unlock (
  member_id   INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  type        TEXT NOT NULL CHECK (type IN ('xmk', 'zb')),
  data_id     INTEGER NOT NULL,
  create_time TEXT NOT NULL,
  PRIMARY KEY (member_id, type, data_id)
) WITHOUT ROWID;

CREATE TABLE favorite (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  type        TEXT NOT NULL CHECK (type IN ('xmk', 'zb')),
  data_id     INTEGER NOT NULL,
  is_cancel   INTEGER NOT NULL DEFAULT 0 CHECK (is_cancel IN (0, 1)),
  create_time TEXT NOT NULL,
  update_time TEXT NOT NULL,
  UNIQUE (member_id, type, data_id)
);
CREATE INDEX favorite_member ON favorite (member_id, update_time);

-- 拜访客户: one row per company a member follows up; the name is unique per member.
CREATE TABLE visit_client (
  id              INTEGER PRIMARY KEY,
  member_id       INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  company_name    TEXT NOT NULL,
  contact         TEXT NOT NULL DEFAULT '',
  phone           TEXT NOT NULL DEFAULT '',
  status          TEXT NOT NULL DEFAULT '0' CHECK (status IN ('0', '1', '2', '3')),
  next_visit_date TEXT,
  remark          TEXT NOT NULL DEFAULT '',
  source_type     TEXT NOT NULL DEFAULT 'manual' CHECK (source_type IN ('xmk', 'zb', 'manual')),
  source_id       INTEGER,
  source_title    TEXT,
  create_time     TEXT NOT NULL,
  update_time     TEXT NOT NULL,
  UNIQUE (member_id, company_name)
);

-- 拜访记录
CREATE TABLE visit_record (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  client_id   INTEGER NOT NULL REFERENCES visit_client (id) ON DELETE CASCADE,
  visit_time  TEXT NOT NULL,
  way         TEXT NOT NULL CHECK (way IN ('0', '1', '2', '3')),
  content     TEXT NOT NULL,
  result      TEXT NOT NULL DEFAULT '',
  next_step   TEXT NOT NULL DEFAULT '',
  create_time TEXT NOT NULL
);
CREATE INDEX visit_record_client ON visit_record (client_id, visit_time);
CREATE INDEX visit_record_member ON visit_record (member_id, visit_time);

-- 留言: from visitors (member_id NULL) or members, with an optional staff reply.
CREATE TABLE message (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER REFERENCES member (id) ON DELETE SET NULL,
  name        TEXT NOT NULL,
  phone       TEXT NOT NULL,
  email       TEXT,
  content     TEXT NOT NULL,
  source      TEXT NOT NULL,
  create_time TEXT NOT NULL,
  reply       TEXT,
  reply_time  TEXT
);
CREATE INDEX message_member ON message (member_id, id) WHERE member_id IS NOT NULL;

CREATE TABLE goods (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  type           TEXT NOT NULL CHECK (type IN ('vip', 'duan', 'score')),
  level          TEXT REFERENCES member_tier (level),
  days           INTEGER NOT NULL CHECK (days >= 0),
  score          INTEGER NOT NULL CHECK (score >= 0),
  price_fen      INTEGER NOT NULL CHECK (price_fen >= 0),
  original_fen   INTEGER,
  description    TEXT NOT NULL,
  benefits       TEXT NOT NULL, -- JSON array of strings
  sort           INTEGER NOT NULL,
  status         TEXT NOT NULL DEFAULT '0' CHECK (status IN ('0', '1'))
);

CREATE TABLE cms_order (
  id           INTEGER PRIMARY KEY,
  order_no     TEXT NOT NULL UNIQUE,
  member_id    INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  goods_id     INTEGER NOT NULL REFERENCES goods (id),
  goods_name   TEXT NOT NULL,
  goods_type   TEXT NOT NULL,
  price_fen    INTEGER NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'cancelled')),
  create_time  TEXT NOT NULL,
  confirm_time TEXT
);
CREATE INDEX cms_order_member ON cms_order (member_id, id);
CREATE INDEX cms_order_status ON cms_order (status, id);
`;

// Notices over time. Imported notices carry the publisher's id (a re-import updates the
// row it names), tenders of one 标段 share a process code, projects and tenders share a project code,
// results name the winner. Every change to an existing notice keeps the former row in notice_version.
const V4_NOTICES = /* sql */ `
ALTER TABLE zb ADD COLUMN source_id TEXT;
ALTER TABLE zb ADD COLUMN process_code TEXT;
ALTER TABLE zb ADD COLUMN project_code TEXT;
ALTER TABLE zb ADD COLUMN winner TEXT;
ALTER TABLE zb ADD COLUMN win_amount REAL;
ALTER TABLE zb ADD COLUMN source_url TEXT;
CREATE UNIQUE INDEX zb_source ON zb (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX zb_process ON zb (process_code, publish_time) WHERE process_code IS NOT NULL;
CREATE INDEX zb_project_code ON zb (project_code) WHERE project_code IS NOT NULL;

ALTER TABLE xmk ADD COLUMN source_id TEXT;
ALTER TABLE xmk ADD COLUMN project_code TEXT;
ALTER TABLE xmk ADD COLUMN source_url TEXT;
CREATE UNIQUE INDEX xmk_source ON xmk (source_id) WHERE source_id IS NOT NULL;
CREATE INDEX xmk_project_code ON xmk (project_code) WHERE project_code IS NOT NULL;

-- The former state of a notice, before each change: JSON of its import record (modules/content/notices.ts).
CREATE TABLE notice_version (
  id          INTEGER PRIMARY KEY,
  type        TEXT NOT NULL CHECK (type IN ('xmk', 'zb')),
  data_id     INTEGER NOT NULL,
  version     INTEGER NOT NULL,
  record      TEXT NOT NULL,
  changed_by  TEXT NOT NULL CHECK (changed_by IN ('import', 'admin')),
  change_time TEXT NOT NULL,
  UNIQUE (type, data_id, version)
);
`;

/**
 * The look-alike key of every user name (auth/user-name-key.ts) in a unique column, so
 * `ｄｅｍｏ`, `dеmo` and `Démo` cannot register beside `demo` even when two requests race. Names
 * that already share a key (possible only in a database written before this) keep working: the
 * later ones get their id appended, which no typed name can produce (`#` is not allowed).
 */
function v2UserNameKeys(db: Db, rules: MigrationRules): void {
  db.exec('ALTER TABLE member ADD COLUMN user_name_key TEXT');
  const members = db.prepare<[], { id: number; name: string }>('SELECT id, user_name AS name FROM member ORDER BY id').all();
  const setKey = db.prepare<[string, number]>('UPDATE member SET user_name_key = ? WHERE id = ?');
  const seen = new Set<string>();
  for (const member of members) {
    const key = rules.userNameKey(member.name);
    setKey.run(seen.has(key) ? `${key}#${member.id}` : key, member.id);
    seen.add(key);
  }
  db.exec('CREATE UNIQUE INDEX member_user_name_key ON member (user_name_key)');
}

/**
 * Failed logins count per account (its name key) and client, so strangers cannot lock
 * the owner out (auth/lockout.ts). Counts of the old shape are dropped: at worst a lock ends early.
 */
const V3_LOGIN_FAILURE_PER_CLIENT = /* sql */ `
DROP TABLE login_failure;
CREATE TABLE login_failure (
  name_key        TEXT NOT NULL,
  client          TEXT NOT NULL,
  failures        INTEGER NOT NULL,
  last_failure_at INTEGER NOT NULL,
  PRIMARY KEY (name_key, client)
) WITHOUT ROWID;
CREATE INDEX login_failure_time ON login_failure (last_failure_at);
`;

/**
 * Alerts. Subscriptions (several per member), the alerts themselves (one per member,
 * kind, notice and change: `change_key` tells changes apart and the unique key makes every writer
 * idempotent), and per-member settings (mail frequency, the feeds' token). The profile's
 * subscribeKeywords/subscribeRegions become the member's first subscriptions (docs/decisions/alerts-and-feeds.md).
 */
const V5_ALERTS_SQL = /* sql */ `
CREATE TABLE alert_subscription (
  id            INTEGER PRIMARY KEY,
  member_id     INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  name          TEXT NOT NULL,
  keywords      TEXT NOT NULL DEFAULT '',
  exclude_words TEXT NOT NULL DEFAULT '',
  area_codes    TEXT NOT NULL DEFAULT '',  -- comma list
  notice_types  TEXT NOT NULL DEFAULT '',  -- comma list
  amount_min    REAL,
  amount_max    REAL,
  enabled       INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  create_time   TEXT NOT NULL
);
CREATE INDEX alert_subscription_member ON alert_subscription (member_id, id);

CREATE TABLE alert (
  id           INTEGER PRIMARY KEY,
  member_id    INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  kind         TEXT NOT NULL CHECK (kind IN ('new', 'changed', 'deadline')),
  content_type TEXT NOT NULL CHECK (content_type IN ('xmk', 'zb')),
  content_id   INTEGER NOT NULL,
  change_key   TEXT NOT NULL,
  detail       TEXT NOT NULL DEFAULT '',
  is_read      INTEGER NOT NULL DEFAULT 0,
  mailed       INTEGER NOT NULL DEFAULT 0,
  create_time  TEXT NOT NULL,
  UNIQUE (member_id, kind, content_type, content_id, change_key)
);
-- Few indexes, small rows: one import may write hundreds of thousands of alerts in one transaction
-- (the title is the notice's, read by a join). (member_id, is_read) also orders by id within each.
CREATE INDEX alert_member ON alert (member_id, is_read);
CREATE INDEX alert_unmailed ON alert (member_id) WHERE mailed = 0;

CREATE TABLE alert_setting (
  member_id        INTEGER PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  email_frequency  TEXT NOT NULL DEFAULT 'off' CHECK (email_frequency IN ('immediate', 'daily', 'off')),
  email            TEXT,
  feed_token       TEXT UNIQUE,
  mail_since       TEXT,
  last_digest_time TEXT
);

-- Followers of one notice, looked up for every changed notice of an import.
CREATE INDEX favorite_item ON favorite (type, data_id) WHERE is_cancel = 0;
`;

/**
 * The profile's subscribeKeywords/subscribeRegions as subscriptions, for members who have none yet
 * (the migration, and the seeder, which writes members after the schema exists).
 */
export function subscriptionsFromProfiles(db: Db): void {
  const members = db
    .prepare<[], { id: number; keywords: string; regions: string; createTime: string }>(
      `SELECT id, subscribe_keywords AS keywords, subscribe_regions AS regions, create_time AS createTime FROM member m
       WHERE (subscribe_keywords <> '' OR subscribe_regions <> '')
         AND NOT EXISTS (SELECT 1 FROM alert_subscription s WHERE s.member_id = m.id)`,
    )
    .all();
  const insert = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO alert_subscription (member_id, name, keywords, area_codes, create_time) VALUES (?, ?, ?, ?, ?)',
  );
  const list = (value: string) =>
    value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  for (const member of members) {
    // The profile's keywords were alternatives (any one matched); a subscription's words must all
    // occur, so each keyword becomes a subscription of its own, with the same regions.
    const keywords = list(member.keywords).slice(0, 10);
    const regions = list(member.regions).join(',');
    if (keywords.length === 0) insert.run(member.id, '我的订阅', '', regions, member.createTime);
    keywords.forEach((keyword, i) => {
      insert.run(member.id, i === 0 ? '我的订阅' : `我的订阅 ${i + 1}`, keyword, regions, member.createTime);
    });
  }
}

function v5Alerts(db: Db): void {
  db.exec(V5_ALERTS_SQL);
  subscriptionsFromProfiles(db);
}

/**
 * Import speed with subscriptions: an alert was one wide row per member with three indexes,
 * and an import matching 10,000 subscriptions wrote ~40 of them per notice. Now what happened is
 * stored once (`alert_event`: kind, notice, change, detail, time) and each member it reaches gets a
 * small row in one B-tree (`alert_inbox`, keyed by member and event; the event's id is the alert's
 * id the calls show). A `new` alert keeps the subscription it matched (its name is the detail).
 * Mail keeps a per-member mark instead of a flag per alert: every inbox row is written with an event
 * of its own transaction, so a member's new alerts always have ids above the ones mailed. Existing
 * alerts move over with their ids.
 */
const V6_ALERT_INBOX_SQL = /* sql */ `
CREATE TABLE alert_event (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  kind         TEXT NOT NULL CHECK (kind IN ('new', 'changed', 'deadline')),
  content_type TEXT NOT NULL CHECK (content_type IN ('xmk', 'zb')),
  content_id   INTEGER NOT NULL,
  change_key   TEXT NOT NULL,
  detail       TEXT NOT NULL DEFAULT '',
  create_time  TEXT NOT NULL
);
CREATE INDEX alert_event_content ON alert_event (content_type, content_id);

CREATE TABLE alert_inbox (
  member_id       INTEGER NOT NULL REFERENCES member (id) ON DELETE CASCADE,
  event_id        INTEGER NOT NULL,
  subscription_id INTEGER,
  is_read         INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (member_id, event_id)
) WITHOUT ROWID;

ALTER TABLE alert_setting ADD COLUMN mailed_through INTEGER NOT NULL DEFAULT 0;

INSERT INTO alert_event (id, kind, content_type, content_id, change_key, detail, create_time)
  SELECT id, kind, content_type, content_id, change_key, detail, create_time FROM alert;
INSERT INTO alert_inbox (member_id, event_id, is_read) SELECT member_id, id, is_read FROM alert;
UPDATE alert_setting SET mailed_through = coalesce(
  (SELECT min(id) - 1 FROM alert WHERE member_id = alert_setting.member_id AND mailed = 0),
  (SELECT max(id) FROM alert WHERE member_id = alert_setting.member_id), 0);
DROP TABLE alert;
`;

/**
 * The search documents gain the county-scoped columns `auni` and `abi` (search/tokens.ts).
 * FTS5 tables cannot gain columns, so both are recreated; V12 fills them from the rows, keyed in
 * publish order (at a million tenders that takes minutes, once; a new database has no rows yet).
 */
function v7CountySearchTokens(db: Db): void {
  for (const table of ['xmk', 'zb'] as const) {
    db.exec(`DROP TABLE ${table}_fts;
      CREATE VIRTUAL TABLE ${table}_fts USING fts5 (
        uni, bi, tags, auni, abi,
        content = '', contentless_delete = 1,
        tokenize = 'unicode61 remove_diacritics 0'
      );`);
  }
}

/**
 * Companies. One row per normalised name (modules/company/names.ts); company_role says
 * which notices name it in which role (the area copied so counters can be taken back); `notices`
 * and company_area are counters the company search reads (modules/company/maintain.ts keeps them).
 */
const V8_COMPANIES_SQL = /* sql */ `
CREATE TABLE company (
  id       INTEGER PRIMARY KEY,
  name     TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  notices  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX company_notices ON company (notices DESC, id);

CREATE TABLE company_role (
  kind       TEXT NOT NULL CHECK (kind IN ('xmk', 'zb')),
  data_id    INTEGER NOT NULL,
  role       TEXT NOT NULL CHECK (role IN ('tenderer', 'agency', 'winner', 'candidate', 'owner')),
  company_id INTEGER NOT NULL REFERENCES company (id),
  area_code  TEXT NOT NULL,
  PRIMARY KEY (kind, data_id, role, company_id)
) WITHOUT ROWID;
CREATE INDEX company_role_company ON company_role (company_id, role, data_id);

CREATE TABLE company_area (
  company_id INTEGER NOT NULL REFERENCES company (id),
  role       TEXT NOT NULL,
  area_code  TEXT NOT NULL,
  n          INTEGER NOT NULL,
  PRIMARY KEY (company_id, role, area_code)
) WITHOUT ROWID;
CREATE INDEX company_area_area ON company_area (area_code, role, company_id);
`;

/**
 * The tables only: the companies of the notices already stored are computed by migration 11, whose
 * rules read columns it adds (a database that ran this step with its backfill is recomputed there).
 */
function v8Companies(db: Db): void {
  db.exec(V8_COMPANIES_SQL);
}

/**
 * Rows a member exported, per export, for the daily export quota (member/quota.ts). A
 * row is written when an export starts (the rows it may send) and corrected to the rows sent when
 * it ends. IF NOT EXISTS: the step can be reordered among other branches' migrations safely.
 */
const V9_EXPORT_LOG = `
CREATE TABLE IF NOT EXISTS export_log (
  id          INTEGER PRIMARY KEY,
  member_id   INTEGER NOT NULL REFERENCES member(id) ON DELETE CASCADE,
  kind        TEXT NOT NULL,
  rows        INTEGER NOT NULL,
  create_time TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS export_log_member_time ON export_log (member_id, create_time);
`;

// The amount zb filters on, coalesce(win_amount, amount), in a narrow table kept by
// triggers, so an amount filter checks thousands of index matches without reading each notice (a
// notice row is ~1 KB and win_amount is its last column). OR REPLACE: an INSERT OR REPLACE on zb
// fires no delete trigger.
const V10_ZB_VALUE = /* sql */ `
CREATE TABLE zb_value (
  id    INTEGER PRIMARY KEY,
  value REAL
);
INSERT INTO zb_value (id, value) SELECT id, coalesce(win_amount, amount) FROM zb;
CREATE TRIGGER zb_value_insert AFTER INSERT ON zb BEGIN
  INSERT OR REPLACE INTO zb_value (id, value) VALUES (new.id, coalesce(new.win_amount, new.amount));
END;
CREATE TRIGGER zb_value_update AFTER UPDATE OF id, amount, win_amount ON zb BEGIN
  DELETE FROM zb_value WHERE id = old.id;
  INSERT OR REPLACE INTO zb_value (id, value) VALUES (new.id, coalesce(new.win_amount, new.amount));
END;
CREATE TRIGGER zb_value_delete AFTER DELETE ON zb BEGIN
  DELETE FROM zb_value WHERE id = old.id;
END;
`;

/**
 * Notices as publishers send them (docs/decisions/notices-import-and-versions.md): a tender's
 * candidates table and award in words, attachments, which times were given as a day only; withdrawn
 * notices kept apart (their row leaves zb/xmk, so every list, search, count and feed drops them);
 * a company's part in a consortium (lead or member); the notice types real publishers use. Company
 * credit is recomputed with the rules that come with it (consortium members, only the current
 * 中标结果 of a process, candidates from the table).
 */
const V11_PUBLISHERS_NOTICES_SQL = /* sql */ `
ALTER TABLE zb ADD COLUMN win_amount_text TEXT;
ALTER TABLE zb ADD COLUMN candidates TEXT NOT NULL DEFAULT '[]';
ALTER TABLE zb ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE zb ADD COLUMN date_only TEXT NOT NULL DEFAULT '';
ALTER TABLE xmk ADD COLUMN attachments TEXT NOT NULL DEFAULT '[]';
ALTER TABLE xmk ADD COLUMN date_only TEXT NOT NULL DEFAULT '';
ALTER TABLE company_role ADD COLUMN part TEXT NOT NULL DEFAULT '' CHECK (part IN ('', 'lead', 'member'));
-- Which candidate of the notice (1, 2, …; 0 for other roles): the members of one consortium are
-- partners, not competitors.
ALTER TABLE company_role ADD COLUMN entry INTEGER NOT NULL DEFAULT 0;

-- A withdrawn notice: its last state as an import record, what the row held besides (views, a
-- project's stage history), and who withdrew it when. Its id stays taken.
CREATE TABLE notice_withdrawn (
  type          TEXT NOT NULL CHECK (type IN ('xmk', 'zb')),
  data_id       INTEGER NOT NULL,
  source_id     TEXT,
  record        TEXT NOT NULL,
  extra         TEXT NOT NULL DEFAULT '{}',
  withdrawn_by  TEXT NOT NULL CHECK (withdrawn_by IN ('import', 'admin')),
  withdraw_time TEXT NOT NULL,
  PRIMARY KEY (type, data_id)
) WITHOUT ROWID;
CREATE UNIQUE INDEX notice_withdrawn_source ON notice_withdrawn (type, source_id) WHERE source_id IS NOT NULL;
`;

function v11PublishersNotices(db: Db, rules: MigrationRules): void {
  db.exec(V11_PUBLISHERS_NOTICES_SQL);
  // The dictionary of an initialised database gains the new types, in a process's order.
  const type = 'cms_zb_notice_type';
  if (db.prepare('SELECT 1 FROM sys_dict_data WHERE dict_type = ? LIMIT 1').get(type)) {
    const add = db.prepare(
      `INSERT INTO sys_dict_data (dict_type, dict_sort, dict_label, dict_value, list_class, is_default, remark)
       VALUES (@type, @sort, @label, @value, @listClass, 'N', NULL)
       ON CONFLICT (dict_type, dict_value) DO UPDATE SET dict_sort = excluded.dict_sort`,
    );
    NOTICE_TYPES.forEach((e, i) => add.run({ type, sort: i + 1, label: e.label, value: e.value, listClass: e.listClass }));
  }
  // Databases the generator made before the kind was recorded are demo databases; notices with a
  // publisher's id other than the demo feed's came from an import.
  if (metaValue(db, META.seed) !== undefined && metaValue(db, META.kind) === undefined) setMeta(db, META.kind, 'demo');
  const imported = db
    .prepare(
      `SELECT 1 FROM zb WHERE source_id IS NOT NULL AND source_id NOT LIKE 'feed-%'
       UNION ALL SELECT 1 FROM xmk WHERE source_id IS NOT NULL AND source_id NOT LIKE 'feed-%' LIMIT 1`,
    )
    .get();
  if (imported && metaValue(db, META.imported) === undefined) setMeta(db, META.imported, 'before migration 11');
  db.exec('DELETE FROM company_role; DELETE FROM company_area; UPDATE company SET notices = 0;');
  rules.backfillCompanies(db);
}

/**
 * Publish order (search/publish-order.ts): ids follow arrival, not publish time, once older notices
 * are imported after newer ones. Each listed notice gets a key in (publish time, id) order, kept in
 * `xmk_order`/`zb_order`; the search documents are re-keyed by it (a rebuild of both indexes: minutes
 * at a million rows, once). zb_order also carries the tender amount zb_value held, so an amount
 * filter reads it with the key it already has; triggers keep it and drop a deleted notice's key and
 * document. The region indexes gain the publish time: "published since" counts per region.
 */
const V12_PUBLISH_ORDER_SQL = /* sql */ `
DROP TRIGGER zb_value_insert;
DROP TRIGGER zb_value_update;
DROP TRIGGER zb_value_delete;
DROP TABLE zb_value;
CREATE TABLE xmk_order (
  seq INTEGER PRIMARY KEY,
  id  INTEGER NOT NULL UNIQUE
);
CREATE TABLE zb_order (
  seq   INTEGER PRIMARY KEY,
  id    INTEGER NOT NULL UNIQUE,
  value REAL
);
CREATE TRIGGER zb_order_value AFTER UPDATE OF amount, win_amount ON zb BEGIN
  UPDATE zb_order SET value = coalesce(new.win_amount, new.amount) WHERE id = new.id;
END;
CREATE TRIGGER zb_order_delete AFTER DELETE ON zb BEGIN
  DELETE FROM zb_fts WHERE rowid = (SELECT seq FROM zb_order WHERE id = old.id);
  DELETE FROM zb_order WHERE id = old.id;
END;
CREATE TRIGGER xmk_order_delete AFTER DELETE ON xmk BEGIN
  DELETE FROM xmk_fts WHERE rowid = (SELECT seq FROM xmk_order WHERE id = old.id);
  DELETE FROM xmk_order WHERE id = old.id;
END;
DROP INDEX zb_city;
DROP INDEX zb_area;
DROP INDEX xmk_city;
DROP INDEX xmk_area;
CREATE INDEX zb_city ON zb (city_code, publish_time);
CREATE INDEX zb_area ON zb (area_code, publish_time);
CREATE INDEX xmk_city ON xmk (city_code, publish_time);
CREATE INDEX xmk_area ON xmk (area_code, publish_time);
`;

function v12PublishOrder(db: Db): void {
  db.exec(V12_PUBLISH_ORDER_SQL);
  buildSearchIndex(db, 'xmk');
  buildSearchIndex(db, 'zb');
}

/**
 * Subscriptions choose whether any keyword or every keyword must occur (existing ones keep `all`,
 * what they matched until now; new ones default to `any`, shared/src/alerts/match.ts). Alert mail
 * goes only to an address the member confirmed (`email_verified`, confirmed by a link whose token
 * is stored hashed), carries a one-click unsubscribe token, and is counted per address and day.
 */
const V13_SUBSCRIPTION_MODES_MAIL_SQL = /* sql */ `
ALTER TABLE alert_subscription ADD COLUMN match_mode TEXT NOT NULL DEFAULT 'all' CHECK (match_mode IN ('any', 'all'));

ALTER TABLE alert_setting ADD COLUMN email_verified TEXT;
ALTER TABLE alert_setting ADD COLUMN verify_address TEXT;
ALTER TABLE alert_setting ADD COLUMN verify_token_hash TEXT;
ALTER TABLE alert_setting ADD COLUMN verify_sent_at TEXT;
ALTER TABLE alert_setting ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX alert_setting_verify ON alert_setting (verify_token_hash) WHERE verify_token_hash IS NOT NULL;
CREATE UNIQUE INDEX alert_setting_unsubscribe ON alert_setting (unsubscribe_token) WHERE unsubscribe_token IS NOT NULL;

-- Tiers and goods sold 招标信息订阅, which every member has (site-content.ts's texts now).
UPDATE member_tier SET benefits = replace(benefits, '"浏览全部项目与招标信息",', '"浏览全部项目与招标信息","招标订阅与消息提醒（10 条订阅）",')
  WHERE level = '0' AND benefits NOT LIKE '%订阅%';
UPDATE member_tier SET benefits = replace(replace(benefits, ',"招标信息订阅"', ''), '"招标信息订阅",', '') WHERE level = '1';
UPDATE member_tier SET benefits = replace(benefits, '"招标信息订阅"', '"订阅增至 30 条（普通会员 10 条）"') WHERE level = '2';
UPDATE goods SET benefits = replace(benefits, '"招标信息订阅"', '"订阅增至 30 条（普通会员 10 条）"') WHERE level = '2';
UPDATE goods SET benefits = replace(replace(benefits, ',"招标信息订阅"', ''), '"招标信息订阅",', '') WHERE level IS NOT '2';

CREATE TABLE mail_sent (
  address TEXT NOT NULL,
  day     TEXT NOT NULL,
  sent    INTEGER NOT NULL,
  PRIMARY KEY (address, day)
) WITHOUT ROWID;
`;

/**
 * Password recovery (modules/auth/recovery.ts): one outstanding link per member, its token kept as
 * a SHA-256 digest (a new request replaces it, using it clears it), and the member's requests of
 * the day (`day`, Asia/Shanghai), which stay counted after the link is used.
 */
const V14_PASSWORD_RECOVERY_SQL = /* sql */ `
CREATE TABLE password_recovery (
  member_id   INTEGER PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
  token_hash  TEXT UNIQUE,
  sent_at     TEXT NOT NULL,
  day         TEXT NOT NULL,
  sent_today  INTEGER NOT NULL
);
`;

/**
 * The portal origin a member saved their mail settings at (the BFF's X-Forwarded-Host and -Proto):
 * the links of their mail when SITE_URL is unset, since a scheduled digest has no request to ask.
 */
const V15_MAIL_ORIGIN_SQL = /* sql */ `
ALTER TABLE alert_setting ADD COLUMN mail_origin TEXT;
`;

/** SQL, or a function for a step SQL alone cannot do (computing keys in TypeScript). */
export type Migration = string | ((db: Db, rules: MigrationRules) => void);

export const MIGRATIONS: readonly Migration[] = [
  V1_SCHEMA,
  v2UserNameKeys,
  V3_LOGIN_FAILURE_PER_CLIENT,
  V4_NOTICES,
  v5Alerts,
  V6_ALERT_INBOX_SQL,
  v7CountySearchTokens,
  v8Companies,
  V9_EXPORT_LOG,
  V10_ZB_VALUE,
  v11PublishersNotices,
  v12PublishOrder,
  V13_SUBSCRIPTION_MODES_MAIL_SQL,
  V14_PASSWORD_RECOVERY_SQL,
  V15_MAIL_ORIGIN_SQL,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Bring the schema to the newest version. Refuses a database newer than this code. */
export function migrate(db: Db, rules: MigrationRules): void {
  const current = db.pragma('user_version', { simple: true });
  if (typeof current !== 'number') throw new Error('cannot read the schema version');
  if (current > SCHEMA_VERSION) {
    throw new Error(`database schema version ${current} is newer than this backend (${SCHEMA_VERSION})`);
  }
  for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
    db.transaction(() => {
      const migration = MIGRATIONS[version - 1]!;
      if (typeof migration === 'string') db.exec(migration);
      else migration(db, rules);
      db.pragma(`user_version = ${version}`);
    })();
  }
}
