/**
 * Reading import files in pieces: whatever the chunk boundaries (a CRLF, a quoted line break, a
 * multi-byte character split across chunks), the records, their line numbers and their original
 * text are those of the whole file; UTF-8 with or without a BOM, else GB18030, else refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAs, decodeImport, readAll, readerFor, type ImportFormat, type SourceLine } from '../src/modules/content/import-source';

const CORPUS = path.resolve(__dirname, 'corpus');

/** The records of `text` fed `size` characters at a time. */
function inPieces(text: string, format: ImportFormat, size: number): SourceLine[] {
  const reader = readerFor(format);
  const out: SourceLine[] = [];
  for (let i = 0; i < text.length; i += size) out.push(...reader.push(text.slice(i, i + size)));
  return [...out, ...reader.end()];
}

describe('JSON Lines', () => {
  const text = '{"a":1}\r\n\n  \n{"b":"x\u2028y"}\nnot json\n{"c":3}';

  it('splits at \\n only, drops a CR before it, skips blank lines and numbers lines as the file does', () => {
    const lines = readAll(text, 'jsonl');
    expect(lines.map((l) => [l.line, l.value ?? l.problem])).toEqual([
      [1, { a: 1 }],
      [4, { b: 'x\u2028y' }],
      [5, '不是有效的 JSON'],
      [6, { c: 3 }],
    ]);
    expect(lines[2]!.original).toBe('not json');
  });

  it.each([1, 2, 3, 7])('gives the same records fed %i characters at a time', (size) => {
    expect(inPieces(text, 'jsonl', size)).toEqual(readAll(text, 'jsonl'));
  });

  it('reads the corpus file with a raw U+2028 and a CR inside strings as its 7 lines', () => {
    const hostile = fs.readFileSync(path.join(CORPUS, 'hostile.jsonl'), 'utf8');
    expect(readAll(hostile, 'jsonl').map((l) => l.line)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('CSV', () => {
  const csv = '\uFEFFkind,title,amount,contact.name\r\nzb,"甲, ""乙""工程",12.5,王工\r\nzb,"两行\r\n标题",,\r\nzb,少一列\r\nzb,"未闭合';

  it('reads quoted commas, doubled quotes and line breaks; a record is numbered by the line it starts on', () => {
    const lines = readAll(csv, 'csv');
    expect(lines.map((l) => [l.line, l.value ?? l.problem])).toEqual([
      [2, { kind: 'zb', title: '甲, "乙"工程', amount: 12.5, contact: { name: '王工' } }],
      [3, { kind: 'zb', title: '两行\r\n标题' }],
      [5, '有 2 列，表头有 4 列'],
      [6, '引号未闭合'],
    ]);
    expect(lines[0]!.original).toBe('zb,"甲, ""乙""工程",12.5,王工');
  });

  it.each([1, 2, 5, 11])('gives the same records fed %i characters at a time', (size) => {
    expect(inPieces(csv, 'csv', size)).toEqual(readAll(csv, 'csv'));
  });
});

describe('encodings', () => {
  const gbk = fs.readFileSync(path.join(CORPUS, 'notices-gbk.csv'));
  const bom = fs.readFileSync(path.join(CORPUS, 'notices-utf8-bom.csv'));

  it('reads UTF-8 with a BOM as UTF-8, and Excel’s GBK as GB18030, to the same text', () => {
    expect(decodeAs(gbk, 'utf-8')).toBeNull();
    const fromGbk = decodeImport(gbk)!;
    const fromBom = decodeImport(bom)!;
    expect([fromGbk.encoding, fromBom.encoding]).toEqual(['gb18030', 'utf-8']);
    expect(readAll(fromGbk.text, 'csv')).toEqual(readAll(fromBom.text, 'csv'));
    expect(readAll(fromGbk.text, 'csv')).toHaveLength(10);
  });

  it('refuses bytes valid in neither', () => {
    expect(decodeImport(Buffer.from([0x7b, 0xff, 0xfe, 0xff, 0x7d]))).toBeNull();
  });

  it('decodes a multi-byte character split across chunks when streaming', () => {
    const decoder = new TextDecoder('gb18030', { fatal: true });
    const text = Array.from(gbk, (byte) => decoder.decode(Uint8Array.of(byte), { stream: true })).join('') + decoder.decode();
    expect(text).toBe(decodeImport(gbk)!.text);
  });
});
