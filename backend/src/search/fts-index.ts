/**
 * What goes into the search index for each content type (see tokens.ts). The same functions serve
 * the seeder's bulk build, the demo top-up and any future writer, so documents never disagree.
 */
import type { Db } from '../db/connection';
import { keyAfter, keyInserter, ORDER_TABLE, publishOrder, type PublishOrder } from './publish-order';
import { documentOf, htmlText, tag, type FtsDocument } from './tokens';

export interface XmkIndexFields {
  title: string;
  owner: string;
  content: string;
  areaCode: string;
  cityCode: string;
  industry: string;
  stage: string;
  nature: string;
}

export interface ZbIndexFields {
  title: string;
  tenderer: string;
  agency: string;
  content: string;
  areaCode: string;
  cityCode: string;
  industry: string;
  noticeType: string;
}

/** A county item is found by its county and by its city; a city-level item by its city. */
const areaTags = (areaCode: string, cityCode: string) =>
  areaCode === cityCode ? [tag('area', areaCode)] : [tag('area', areaCode), tag('area', cityCode)];

/** The county whose scoped tokens a document carries (tokens.ts `auni`/`abi`): none for a city's own item. */
const countyOf = (areaCode: string, cityCode: string) => (areaCode === cityCode ? undefined : areaCode);

/** xmk keyword fields (DOMAIN.md): title, owner, content. */
export function xmkDocument(row: XmkIndexFields): FtsDocument {
  return documentOf(
    [row.title, row.owner, htmlText(row.content)],
    [
      ...areaTags(row.areaCode, row.cityCode),
      tag('industry', row.industry),
      tag('stage', row.stage),
      // Imported projects may state no nature (the import record has no such field).
      ...(row.nature === '' ? [] : [tag('nature', row.nature)]),
    ],
    countyOf(row.areaCode, row.cityCode),
  );
}

/** zb keyword fields: title, tenderer, agency, content. */
export function zbDocument(row: ZbIndexFields): FtsDocument {
  return documentOf(
    [row.title, row.tenderer, row.agency, htmlText(row.content)],
    [...areaTags(row.areaCode, row.cityCode), tag('industry', row.industry), tag('noticeType', row.noticeType)],
    countyOf(row.areaCode, row.cityCode),
  );
}

export type ContentTable = 'xmk' | 'zb';

type XmkSource = XmkIndexFields & { id: number };
type ZbSource = ZbIndexFields & { id: number };

/** The indexed fields of a row, by id or in (publish time, id) order from a point on. */
const SOURCE_COLUMNS: Record<ContentTable, string> = {
  xmk: 'id, title, owner, content, area_code AS areaCode, city_code AS cityCode, industry, stage, nature, publish_time AS publishTime',
  zb: `id, title, tenderer, agency, content, area_code AS areaCode, city_code AS cityCode, industry, notice_type AS noticeType,
    publish_time AS publishTime`,
};

const documentOfRow = (table: ContentTable, row: XmkSource | ZbSource): FtsDocument =>
  table === 'xmk' ? xmkDocument(row as XmkSource) : zbDocument(row as ZbSource);

/**
 * The one way documents enter the index (seed, rebuild, demo top-up, import), so its columns are
 * named in one place. A document's rowid is its notice's key in publish order (publish-order.ts).
 */
function ftsStatements(db: Db, table: ContentTable) {
  return {
    insert: db.prepare<FtsDocument & { key: number }>(
      `INSERT INTO ${table}_fts (rowid, uni, bi, tags, auni, abi) VALUES (@key, @uni, @bi, @tags, @auni, @abi)`,
    ),
    // Deleting a key that holds no document changes nothing.
    delete: db.prepare<{ key: number }>(`DELETE FROM ${table}_fts WHERE rowid = @key`),
  };
}

/**
 * The table's publish order, moving a notice's search document (rebuilt from its row) when its key
 * has to move to make room for another.
 */
export function indexedPublishOrder(db: Db, table: ContentTable): PublishOrder {
  const fts = ftsStatements(db, table);
  const source = db.prepare<{ id: number }, XmkSource | ZbSource>(`SELECT ${SOURCE_COLUMNS[table]} FROM ${table} WHERE id = @id`);
  return publishOrder(db, table, (id, from, to) => {
    fts.delete.run({ key: from });
    fts.insert.run({ ...documentOfRow(table, source.get({ id })!), key: to });
  });
}

/**
 * Writes the document of notice `id` (its row written already) under the notice's key in publish
 * order, replacing any document it had: a new notice is placed, a changed one keeps its key unless
 * its publish time moved it.
 */
export function ftsWriter(db: Db, table: ContentTable): (id: number, doc: FtsDocument) => void {
  const fts = ftsStatements(db, table);
  const order = indexedPublishOrder(db, table);
  return (id, doc) => {
    const previous = order.keyOf(id);
    if (previous !== undefined) fts.delete.run({ key: previous });
    fts.insert.run({ ...doc, key: order.place(id) });
  };
}

/** Rows indexed per transaction by `buildSearchIndex`. */
const INDEX_BATCH = 20_000;

/**
 * (Re)build one table's search index and publish order from its rows, then merge the index's
 * segments: the seeder's second pass and the migrations that change the documents or the keys.
 * Rows are read in publish order, so each key is the smallest free one at or after its time.
 */
export function buildSearchIndex(db: Db, table: ContentTable, log: (m: string) => void = () => undefined): void {
  const fts = ftsStatements(db, table);
  const orderTable = ORDER_TABLE[table];
  // 'delete-all' empties a contentless table at once (a DELETE would tombstone row by row).
  db.prepare(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all')`).run();
  db.prepare(`DELETE FROM ${orderTable}`).run();
  const insertKey = keyInserter(db, table);
  const rows = db.prepare<{ time: string; id: number; limit: number }, (XmkSource | ZbSource) & { publishTime: string }>(
    `SELECT ${SOURCE_COLUMNS[table]} FROM ${table}
     WHERE publish_time >= @time AND (publish_time > @time OR id > @id) ORDER BY publish_time, id LIMIT @limit`,
  );
  let last = { time: '', id: 0 };
  let key: number | undefined;
  let done = 0;
  const indexBatch = db.transaction((): number => {
    const batch = rows.all({ ...last, limit: INDEX_BATCH });
    for (const row of batch) {
      key = keyAfter(key, row.publishTime);
      insertKey(key, row.id);
      fts.insert.run({ ...documentOfRow(table, row), key });
    }
    const end = batch.at(-1);
    if (end) last = { time: end.publishTime, id: end.id };
    return batch.length;
  });
  for (;;) {
    const n = indexBatch();
    if (n === 0) break;
    done += n;
    if (done % 100_000 < INDEX_BATCH) log(`${table} search index: ${done}`);
  }
  db.prepare(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('optimize')`).run();
}
