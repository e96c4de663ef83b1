/**
 * One sheet of an export, streamed: exceljs's streaming WorkbookWriter writes each row to
 * the zip as it is added, and the loop waits for the response to drain, so memory holds a few
 * rows' worth of XML and the zip's buffers, whatever the row count (docs/performance.md "Export").
 * A row costs ~0.1 ms of the event loop's time (reading, masking, exceljs), so the rows go in
 * slices of a few milliseconds (loop-slices.ts) and other requests are answered between them.
 *
 * Cells: amounts are numbers in 万元 with a number format, dates are real dates (the stored
 * Shanghai wall time, which is what the reader should see), links are HYPERLINK formulas: exceljs
 * keeps ordinary hyperlinks in memory until the sheet ends (they live in the sheet's relations),
 * a formula lives in its cell and is clickable in Excel, WPS and LibreOffice alike.
 */
import { EventEmitter } from 'node:events';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { parseDateTimeString, shanghaiWallClock } from '@shared/time';
import { nextSlice, sliceSpent } from '../../loop-slices';

export type ColumnKind = 'text' | 'amount' | 'date' | 'dateTime' | 'link';

export interface Column<R> {
  header: string;
  kind: ColumnKind;
  width: number;
  value: (row: R) => string | number | null | undefined;
}

/** Excel number formats of the column kinds. */
export const NUMBER_FORMATS: Record<ColumnKind, string | undefined> = {
  text: undefined,
  amount: '#,##0.00"万元"',
  date: 'yyyy-mm-dd',
  dateTime: 'yyyy-mm-dd hh:mm',
  link: undefined,
};

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Rows written at most between two checks of the response's buffer (fewer when the slice ends first). */
const ROWS_PER_FLUSH = 100;

/**
 * `yyyy-MM-dd[ HH:mm:ss]` as the Date Excel shows as that wall time (exceljs writes dates as UTC
 * serials); null for an empty or malformed value.
 */
export function excelDate(text: string | null | undefined): Date | null {
  const ms = text ? parseDateTimeString(text) : null;
  return ms === null ? null : shanghaiWallClock(ms);
}

const formulaText = (text: string) => `"${text.replace(/"/g, '""')}"`;

function cellValue(kind: ColumnKind, value: string | number | null | undefined): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'amount':
      return typeof value === 'number' ? value : Number.isFinite(Number(value)) ? Number(value) : null;
    case 'date':
    case 'dateTime':
      return excelDate(String(value));
    case 'link':
      return { formula: `HYPERLINK(${formulaText(String(value))},${formulaText(String(value))})`, result: String(value) };
    default:
      return String(value);
  }
}

/** `filename*` (RFC 5987/6266) for the Chinese name, and an ASCII `filename` for old clients. */
export function contentDisposition(name: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export interface SheetExport<R> {
  sheetName: string;
  columns: readonly Column<R>[];
  rows: Iterable<R>;
  /** A last line after the rows (the quota cut), in the first column. */
  note?: string | undefined;
}

/** Something to wait on before writing more: it says whether its buffer is full, and emits 'drain'. */
interface Drainable {
  emitter: EventEmitter;
  needsDrain(): boolean;
}

/**
 * Where the sheet's XML waits for deflate. exceljs's sheet stream (a StreamBuf) hands its XML to
 * the zip through archiver's PassThrough without looking at write()'s answer, so a producer
 * faster than deflate piles uncompressed XML up there (about 0.7 kB a row: 70 MB at 100,000
 * rows, measured). exceljs 4.4 keeps that PassThrough in `worksheet.stream.pipes`, a
 * readable-stream 2 stream that reports a full buffer only in `_writableState.needDrain`; if a
 * later version differs, the response's own backpressure still applies.
 */
function zipInput(worksheet: ExcelJS.Worksheet): Drainable | undefined {
  const pipes = (worksheet as unknown as { stream?: { pipes?: unknown } }).stream?.pipes;
  const first: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  if (!(first instanceof EventEmitter)) return undefined;
  const state = (first as { _writableState?: { needDrain?: unknown } })._writableState;
  if (typeof state?.needDrain !== 'boolean') return undefined;
  return { emitter: first, needsDrain: () => state.needDrain === true };
}

/**
 * exceljs 4.4 keeps every formula cell's model in `worksheet._formulae`, for shared formulas
 * (which these sheets never write): with a HYPERLINK in every row that is about 0.4 kB a row
 * kept to the end (measured). Forget the rows already written.
 */
function forgetFormulae(worksheet: ExcelJS.Worksheet): void {
  const formulae = (worksheet as unknown as { _formulae?: unknown })._formulae;
  if (typeof formulae !== 'object' || formulae === null) return;
  for (const address of Object.keys(formulae)) delete (formulae as Record<string, unknown>)[address];
}

/** Resolves when the zip's input and the response can take more, or the response has closed. */
async function flowing(res: Response, zip: Drainable | undefined): Promise<void> {
  // Let the zip and deflate steps and other requests run, so what was added moves on towards the response.
  await nextSlice();
  if (zip?.needsDrain()) await drained(zip.emitter, res);
  if (res.writableNeedDrain) await drained(res, res);
}

/** Resolves at `emitter`'s next 'drain' or when the response closes, leaving no listener behind. */
function drained(emitter: EventEmitter, res: Response): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      emitter.off('drain', done);
      res.off('close', done);
      resolve();
    };
    emitter.on('drain', done);
    res.on('close', done);
  });
}

/**
 * Write the workbook to `res` (whose headers the caller set) and end it. Returns the rows written:
 * all of them, or fewer when the client went away first.
 */
export async function streamSheet<R>(res: Response, sheet: SheetExport<R>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: res, useStyles: true, useSharedStrings: false });
  workbook.creator = '山东项目网';
  const worksheet = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column, i) => {
    const numFmt = NUMBER_FORMATS[column.kind];
    const style: Partial<ExcelJS.Style> = {};
    if (numFmt) style.numFmt = numFmt;
    if (column.kind === 'link') style.font = { color: { argb: 'FF1F6FEB' }, underline: true };
    return { header: column.header, key: `c${i}`, width: column.width, style };
  });
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  header.commit();

  let written = 0;
  const zip = zipInput(worksheet);
  const closed = () => res.destroyed || (res.writableEnded && !res.writableFinished);
  for (const row of sheet.rows) {
    if (closed()) break;
    worksheet.addRow(sheet.columns.map((column) => cellValue(column.kind, column.value(row)))).commit();
    written++;
    if (written % ROWS_PER_FLUSH === 0 || sliceSpent()) {
      forgetFormulae(worksheet);
      await flowing(res, zip);
    }
  }
  if (closed()) return written;
  if (sheet.note) {
    const note = worksheet.addRow([sheet.note]);
    note.font = { bold: true, color: { argb: 'FFC0392B' } };
    note.commit();
  }
  worksheet.commit();
  await workbook.commit();
  return written;
}
