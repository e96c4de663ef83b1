/**
 * CSV with the import record's columns (header row of field names; contact parts as
 * `contact.company`, `contact.name`, `contact.phone`, `contact.address`), turned into the JSON Lines
 * the import reads. RFC 4180 quoting; an empty cell is an absent field; `amount` and `winAmount`
 * cells are numbers. Line numbers carry over: the header becomes an empty line, so "第 N 行" is the
 * CSV's line N (for records without line breaks inside quotes).
 */
import { ImportError } from './import';

const NUMERIC = new Set(['amount', 'winAmount']);

/** Rows of cells, each with the 1-based line it starts on. */
function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
  }
  if (quoted) throw new ImportError(rowLine, '引号未闭合');
  if (cell !== '' || cells.length > 0) rows.push({ line: rowLine, cells: [...cells, cell] });
  return rows;
}

export function csvToJsonLines(text: string): string {
  const rows = parseCsv(text);
  const header = rows.shift();
  if (!header) throw new ImportError(0, '文件中没有记录');
  const columns = header.cells.map((c) => c.trim());
  const lines: string[] = [''];
  for (const { line, cells } of rows) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells.length !== columns.length) {
      throw new ImportError(line, `有 ${cells.length} 列，表头有 ${columns.length} 列`);
    }
    const record: Record<string, unknown> = {};
    const contact: Record<string, string> = {};
    columns.forEach((column, i) => {
      const value = cells[i]!;
      if (value.trim() === '') return;
      if (column.startsWith('contact.')) contact[column.slice('contact.'.length)] = value;
      else if (NUMERIC.has(column)) record[column] = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      else record[column] = value;
    });
    if (Object.keys(contact).length > 0) record['contact'] = contact;
    while (lines.length < line - 1) lines.push('');
    lines.push(JSON.stringify(record));
  }
  return lines.join('\n');
}
