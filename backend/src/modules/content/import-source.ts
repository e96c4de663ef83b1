/**
 * Reading an import file: bytes to text, text to source lines. A file is JSON Lines (one record a
 * line, split at `\n` only: a raw U+2028 or CR inside a record is no line break) or CSV with the
 * record's field names as header (`contact.company`… for the contact). Both read in pieces, so the
 * CLI streams a file of any size; the admin call hands its body over whole.
 *
 * Encoding (docs/decisions/notices-import-and-versions.md): valid UTF-8, with or without a BOM, is
 * UTF-8; otherwise the bytes are decoded as GB18030 (a superset of GBK, what Excel on Chinese
 * Windows writes); when neither decodes cleanly the file is refused with a message saying so.
 */

import { isReleasePackage, noticesOfPackage } from '../ocds/read';

/** One record of the file: the line it starts on, what it held, and its value or why it has none. */
export interface SourceLine {
  line: number;
  /** The line as written (a CSV record's lines), for the rejects report. */
  original: string;
  /** The parsed record (CSV: an object of the header's fields); absent when `problem` says why. */
  value?: unknown;
  problem?: string;
}

export type ImportFormat = 'jsonl' | 'csv';

export type ImportEncoding = 'utf-8' | 'gb18030';

export const ENCODING_LABELS: Record<ImportEncoding, string> = { 'utf-8': 'UTF-8', gb18030: 'GBK/GB18030' };

/** What the file's encoding problem is called when neither decoding works. */
export const MSG_BAD_ENCODING = '文件编码无法识别：既不是 UTF-8 也不是 GBK/GB18030。请另存为 UTF-8（或 Excel 的 CSV）后再导入';

/** The format a file name says (`.csv`, else JSON Lines). */
export const formatOf = (name: string): ImportFormat => (name.toLowerCase().endsWith('.csv') ? 'csv' : 'jsonl');

/** Decoded text of `bytes`, or null when they are not valid in `encoding`. */
export function decodeAs(bytes: Uint8Array, encoding: ImportEncoding): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Decode a whole file: UTF-8 (BOM or not), else GB18030; null when neither works. */
export function decodeImport(bytes: Uint8Array): { text: string; encoding: ImportEncoding } | null {
  const utf8 = decodeAs(bytes, 'utf-8');
  if (utf8 !== null) return { text: utf8, encoding: 'utf-8' };
  const gb = decodeAs(bytes, 'gb18030');
  return gb === null ? null : { text: gb, encoding: 'gb18030' };
}

/** The longest original kept per reject. */
const ORIGINAL_MAX = 2000;
const clip = (s: string) => (s.length > ORIGINAL_MAX ? `${s.slice(0, ORIGINAL_MAX)}…` : s);

/** Splits text fed in pieces into the records of a JSON Lines or CSV file. */
export interface RecordReader {
  push(chunk: string): SourceLine[];
  end(): SourceLine[];
}

export const readerFor = (format: ImportFormat): RecordReader => (format === 'csv' ? new CsvReader() : new JsonReader());

/**
 * JSON Lines, or an OCDS release package (docs/open-data.md "Import"), told apart by content: a
 * first line that is no complete JSON object (a package written over several lines), or one with
 * a `releases` array, makes the file a package, read whole and given as a record per notice (its
 * line the index of the release it came from). Text that does not parse as a package after all
 * is read as JSON Lines, so each bad line is still reported.
 */
export class JsonReader implements RecordReader {
  private readonly lines = new JsonLinesReader();
  private mode: 'undecided' | 'lines' | 'package' = 'undecided';
  private held = '';

  push(chunk: string): SourceLine[] {
    if (this.mode === 'lines') return this.lines.push(chunk);
    this.held += chunk;
    if (this.mode === 'package') return [];
    const end = this.held.indexOf('\n');
    if (end < 0) return [];
    if (opensPackage(this.held.slice(0, end))) {
      this.mode = 'package';
      return [];
    }
    this.mode = 'lines';
    const text = this.held;
    this.held = '';
    return this.lines.push(text);
  }

  end(): SourceLine[] {
    if (this.mode === 'lines') return this.lines.end();
    const text = this.held;
    this.held = '';
    let value: unknown;
    try {
      value = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      value = undefined;
    }
    if (isReleasePackage(value)) {
      return noticesOfPackage(value).map(({ index, release, record }) => ({
        line: index,
        original: clip(JSON.stringify(release)),
        value: record,
      }));
    }
    return [...this.lines.push(text), ...this.lines.end()];
  }
}

/** Whether a file's first line starts a release package rather than a JSON Lines record. */
function opensPackage(firstLine: string): boolean {
  const text = firstLine.replace(/^\uFEFF/, '').trim();
  if (text === '') return false;
  try {
    return isReleasePackage(JSON.parse(text));
  } catch {
    return (
      text === '{' || text.startsWith('{"uri"') || /^\{\s*"(uri|version|publisher|publishedDate|releases|extensions|license)"/.test(text)
    );
  }
}

/** JSON Lines: a record per `\n`-ended line (a trailing CR dropped); blank lines are skipped. */
export class JsonLinesReader implements RecordReader {
  private rest = '';
  private line = 0;

  push(chunk: string): SourceLine[] {
    const parts = (this.rest + chunk).split('\n');
    this.rest = parts.pop()!;
    return parts.flatMap((part) => this.record(part));
  }

  end(): SourceLine[] {
    const last = this.rest;
    this.rest = '';
    return last === '' ? [] : this.record(last);
  }

  private record(raw: string): SourceLine[] {
    const line = ++this.line;
    const text = (line === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (text.trim() === '') return [];
    try {
      return [{ line, original: clip(text), value: JSON.parse(text) as unknown }];
    } catch {
      return [{ line, original: clip(text), problem: '不是有效的 JSON' }];
    }
  }
}

const NUMERIC = new Set(['amount', 'winAmount']);

/**
 * CSV (RFC 4180 quoting; CRLF or LF) with a header of field names, `contact.*` columns for the
 * contact. An empty cell is an absent field; `amount` and `winAmount` cells are numbers. A record's
 * line is the CSV line it starts on, so "第 N 行" is the CSV's line even with line breaks in cells.
 */
export class CsvReader implements RecordReader {
  private columns: string[] | null = null;
  private cells: string[] = [];
  private cell = '';
  private quoted = false;
  /** A quote just closed: a second quote right after is an escaped one. */
  private quoteClosed = false;
  private line = 1;
  private rowLine = 1;
  private raw = '';
  private pendingCr = false;
  private started = false;

  push(chunk: string): SourceLine[] {
    const out: SourceLine[] = [];
    let text = chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      text = text.replace(/^\uFEFF/, '');
    }
    for (const c of text) {
      if (this.pendingCr) {
        this.pendingCr = false;
        if (c === '\n') continue;
      }
      if (this.quoted) {
        if (c === '"') {
          this.quoted = false;
          this.quoteClosed = true;
          this.raw += c;
          continue;
        }
        if (c === '\n') this.line++;
        this.cell += c;
        this.raw += c;
        continue;
      }
      if (c === '"') {
        this.raw += c;
        if (this.quoteClosed) {
          // `""` inside quotes: one quote, and still quoted.
          this.cell += '"';
          this.quoted = true;
          this.quoteClosed = false;
        } else if (this.cell === '') {
          this.quoted = true;
        } else {
          this.cell += c;
        }
        continue;
      }
      this.quoteClosed = false;
      if (c === ',') {
        this.cells.push(this.cell);
        this.cell = '';
        this.raw += c;
      } else if (c === '\n' || c === '\r') {
        if (c === '\r') this.pendingCr = true;
        this.cells.push(this.cell);
        out.push(...this.row());
        this.line++;
        this.rowLine = this.line;
      } else {
        this.cell += c;
        this.raw += c;
      }
    }
    return out;
  }

  end(): SourceLine[] {
    if (this.quoted) {
      const line = this.rowLine;
      const original = clip(this.raw);
      this.reset();
      return [{ line, original, problem: '引号未闭合' }];
    }
    if (this.cell === '' && this.cells.length === 0) return [];
    this.cells.push(this.cell);
    return this.row();
  }

  private reset(): void {
    this.cells = [];
    this.cell = '';
    this.raw = '';
    this.quoted = false;
    this.quoteClosed = false;
  }

  private row(): SourceLine[] {
    const { cells, rowLine: line } = this;
    const original = clip(this.raw);
    this.reset();
    if (this.columns === null) {
      this.columns = cells.map((c) => c.trim());
      return [];
    }
    if (cells.every((c) => c.trim() === '')) return [];
    if (cells.length !== this.columns.length) {
      return [{ line, original, problem: `有 ${cells.length} 列，表头有 ${this.columns.length} 列` }];
    }
    const record: Record<string, unknown> = {};
    const contact: Record<string, string> = {};
    this.columns.forEach((column, i) => {
      const value = cells[i]!;
      if (value.trim() === '') return;
      if (column.startsWith('contact.')) contact[column.slice('contact.'.length)] = value;
      else if (NUMERIC.has(column)) record[column] = /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      else record[column] = value;
    });
    if (Object.keys(contact).length > 0) record['contact'] = contact;
    return [{ line, original, value: record }];
  }
}

/** Every record of a whole text. */
export function readAll(text: string, format: ImportFormat): SourceLine[] {
  const reader = readerFor(format);
  return [...reader.push(text), ...reader.end()];
}
