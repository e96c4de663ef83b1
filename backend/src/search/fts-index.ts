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
  );
}

/** zb keyword fields: title, tenderer, agency, content. */
export function zbDocument(row: ZbIndexFields): FtsDocument {
  return documentOf(
    [row.title, row.tenderer, row.agency, htmlText(row.content)],
    [...areaTags(row.areaCode, row.cityCode), tag('industry', row.industry), tag('noticeType', row.noticeType)],
  );
}

export type ContentTable = 'xmk' | 'zb';

/** Writes one document; `rowid` is the item id. */
export function ftsWriter(db: Db, table: ContentTable): (id: number, doc: FtsDocument) => void {
  const insert = db.prepare<[number, string, string, string]>(`INSERT INTO ${table}_fts (rowid, uni, bi, tags) VALUES (?, ?, ?, ?)`);
  return (id, doc) => {
    insert.run(id, doc.uni, doc.bi, doc.tags);
  };
}
