/**
 * The 更正内容 table a 更正公告/变更公告 states its corrections in (序号 | 更正项 | 更正前内容 |
 * 更正后内容 | 更正日期, as the provincial procurement platform and most tender publishers write it).
 * Read so that what the table says changed reaches 变更内容 even when the publisher's structured
 * fields leave it out: a budget given only in the table, a 技术参数 or 采购需求 clause.
 */
import { bodyLines } from './body-diff';

/** One row of a correction table, as written. */
export interface StatedCorrection {
  item: string;
  before: string;
  after: string;
  /** The notice field the row speaks of, when it is one we hold. */
  field: 'amount' | 'openTime' | 'signupDeadline' | null;
}

const ITEM_HEADER = /^(?:更正|变更|修改|澄清)?(?:项|事项|项目|内容项)$|^(?:更正|变更|修改|澄清)(?:项|事项)/;
const BEFORE_HEADER = /(?:更正|变更|修改|澄清)前|^原(?:公告|文件)?内容/;
const AFTER_HEADER = /(?:更正|变更|修改|澄清)后/;

/** Which field a row's item names; checked in order (报名 before 截止, 开标 before 截止). */
const ITEM_FIELDS: readonly [RegExp, NonNullable<StatedCorrection['field']>][] = [
  [/预算|最高(?:投标)?限价|控制价|招标限价|采购金额|项目金额/, 'amount'],
  [/获取(?:招标|采购|磋商|谈判)?文件|报名/, 'signupDeadline'],
  [/开标|(?:投标|响应)文件.*截止|投标截止|递交.*截止/, 'openTime'],
];

function fieldOf(item: string): StatedCorrection['field'] {
  return ITEM_FIELDS.find(([pattern]) => pattern.test(item))?.[1] ?? null;
}

/**
 * The rows of every correction table in a notice body. A header row names an item column, a
 * "before" and an "after" column; the rows under it as wide as the header are read, until a
 * line of text that is not a table row.
 */
export function statedCorrections(html: string): StatedCorrection[] {
  const rows: StatedCorrection[] = [];
  let columns: { item: number; before: number; after: number; width: number } | null = null;
  for (const line of bodyLines(html)) {
    const cells = line.split(' | ');
    const item = cells.findIndex((cell) => ITEM_HEADER.test(cell));
    const before = cells.findIndex((cell) => BEFORE_HEADER.test(cell));
    const after = cells.findIndex((cell) => AFTER_HEADER.test(cell));
    if (item >= 0 && before >= 0 && after >= 0 && new Set([item, before, after]).size === 3) {
      columns = { item, before, after, width: cells.length };
      continue;
    }
    if (!columns) continue;
    if (cells.length === 1) {
      columns = null;
      continue;
    }
    // Empty cells leave no trace in a body line, so a row of another width cannot be read safely.
    if (cells.length !== columns.width) continue;
    const [itemText, beforeText, afterText] = [cells[columns.item]!, cells[columns.before]!, cells[columns.after]!];
    if (beforeText === afterText) continue;
    rows.push({ item: itemText, before: beforeText, after: afterText, field: fieldOf(itemText) });
  }
  return rows;
}
