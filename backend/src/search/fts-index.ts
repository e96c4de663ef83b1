/**
 * What goes into the search index for each content type (see tokens.ts). The same functions serve
 * the seeder's bulk build, the demo top-up and any future writer, so documents never disagree.
 */
import type { Db } from '../db/connection';
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

/**
 * Writes one document; `rowid` is the item id. The one way documents enter the index (seed,
 * rebuild, demo top-up, import), so its columns are named in one place.
 */
export function ftsWriter(db: Db, table: ContentTable): (id: number, doc: FtsDocument) => void {
  const insert = db.prepare<FtsDocument & { id: number }>(
    `INSERT INTO ${table}_fts (rowid, uni, bi, tags, auni, abi) VALUES (@id, @uni, @bi, @tags, @auni, @abi)`,
  );
  return (id, doc) => {
    insert.run({ ...doc, id });
  };
}

type XmkSource = XmkIndexFields & { id: number };
type ZbSource = ZbIndexFields & { id: number };

/** Rows indexed per transaction by `buildSearchIndex`. */
const INDEX_BATCH = 20_000;

/**
 * (Re)build one table's search index from its rows, then merge its segments: the seeder's second
 * pass and the migration that changes the documents' columns.
 */
export function buildSearchIndex(db: Db, table: ContentTable, log: (m: string) => void = () => undefined): void {
  const write = ftsWriter(db, table);
  // 'delete-all' empties a contentless table at once (a DELETE would tombstone row by row).
  db.prepare(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('delete-all')`).run();
  let last = 0;
  let done = 0;
  const xmkRows = db.prepare<{ after: number; limit: number }, XmkSource>(
    `SELECT id, title, owner, content, area_code AS areaCode, city_code AS cityCode, industry, stage, nature
     FROM xmk WHERE id > @after ORDER BY id LIMIT @limit`,
  );
  const zbRows = db.prepare<{ after: number; limit: number }, ZbSource>(
    `SELECT id, title, tenderer, agency, content, area_code AS areaCode, city_code AS cityCode, industry,
       notice_type AS noticeType
     FROM zb WHERE id > @after ORDER BY id LIMIT @limit`,
  );
  const indexBatch = db.transaction((): number => {
    if (table === 'xmk') {
      const rows = xmkRows.all({ after: last, limit: INDEX_BATCH });
      for (const row of rows) write(row.id, xmkDocument(row));
      last = rows.at(-1)?.id ?? last;
      return rows.length;
    }
    const rows = zbRows.all({ after: last, limit: INDEX_BATCH });
    for (const row of rows) write(row.id, zbDocument(row));
    last = rows.at(-1)?.id ?? last;
    return rows.length;
  });
  for (;;) {
    const n = indexBatch();
    if (n === 0) break;
    done += n;
    if (done % 100_000 < INDEX_BATCH) log(`${table} search index: ${done}`);
  }
  db.prepare(`INSERT INTO ${table}_fts (${table}_fts) VALUES ('optimize')`).run();
}
