/**
 * What every fuzz answer must satisfy: an answer at all, no 5xx (502/503/504 only as
 * the portal's documented upstream errors, and only when the backend was reached), no stack trace
 * or SQL in the body, no unexpected-exception envelope, and every echoed script payload escaped.
 */
import { MESSAGES } from '@shared/constants';
import type { FuzzCase } from './cases';
import { executablePositions } from './payloads';
import type { RawOutcome } from './raw-http';

export interface Finding {
  n: number;
  target: string;
  route: string;
  strategy: string;
  request: string;
  problem: string;
}

const STACK_TRACE = /\n\s*at [^\n]+:\d+:\d+|\bat (?:async )?[\w.<>]+ \((?:file:|node:|\/)/;
/** Database errors, and SQL as the backend writes it (uppercase; our payloads are lowercase). */
const SQL_TEXT =
  /SQLITE_[A-Z]|SqliteError|no such (?:table|column)|syntax error|constraint failed|\bSELECT\b[^"<>]{0,200}\bFROM\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b/;
/** Files that must never be served: sources, settings, keys, the database. */
const FILE_CONTENTS =
  /"name":\s*"province-project-portal"|BEGIN (?:RSA )?PRIVATE KEY|root:x:0:0|SQLite format 3|\[core\]|import \{ createApp \}|^PORT=\d+/m;

/** How the request started, for the report (first 160 bytes of the request line, escaped). */
export function describe(c: FuzzCase): string {
  const target = c.request.target.toString('latin1');
  return `${c.request.method} ${JSON.stringify(target.length > 160 ? `${target.slice(0, 160)}…` : target)}`;
}

/** Over the limits (100 kB body, 16 KiB head): refused while the client may still be writing. */
function oversized(c: FuzzCase): boolean {
  const head = c.request.target.length + c.request.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  return (c.request.body?.length ?? 0) > 100 * 1024 || head > 16 * 1024;
}

export function check(c: FuzzCase, outcome: RawOutcome, marker: string, repoRoot: string): string[] {
  // The server answers 413/431 at once and closes; a client still sending the rest can see a
  // reset before it reads that answer (TCP discards it). Refused either way.
  if (!outcome.ok && oversized(c) && /EPIPE|ECONNRESET/.test(outcome.error)) return [];
  if (!outcome.ok) return [`no answer: ${outcome.error}`];
  const { status, headers, body } = outcome.response;
  const text = body.toString('utf8');
  const problems: string[] = [];
  const contentType = headers.get('content-type')?.[0] ?? '';

  if (status >= 500) {
    const upstream = c.target !== 'backend' && [502, 503, 504].includes(status);
    problems.push(upstream ? `upstream error ${status}: ${text.slice(0, 120)}` : `HTTP ${status}: ${text.slice(0, 120)}`);
  }
  if (/json/.test(contentType)) {
    try {
      const envelope = JSON.parse(text) as { code?: unknown; msg?: unknown };
      if (envelope.code === 500 && envelope.msg === MESSAGES.unknown) problems.push('unexpected exception (系统未知错误)');
      if (status < 500 && envelope.msg === '服务器内部错误') problems.push(`HTTP ${status} says 服务器内部错误`);
    } catch {
      if (text.length > 0 && c.request.method !== 'HEAD') problems.push('JSON content type, body not JSON');
    }
  }
  if (STACK_TRACE.test(text) || text.includes(repoRoot)) problems.push('stack trace or file path in the body');
  const sql = SQL_TEXT.exec(text);
  if (sql) problems.push(`SQL text in the body: ${sql[0].slice(0, 80)}`);
  if (FILE_CONTENTS.test(text)) problems.push('a file that must not be served');
  if (/html/.test(contentType) || c.target === 'page') {
    const lower = text.toLowerCase();
    for (const position of executablePositions(marker)) {
      if (lower.includes(position)) problems.push(`unescaped script payload: ${position}`);
    }
  }
  if (c.target !== 'backend') {
    if (headers.get('x-content-type-options')?.[0] !== 'nosniff' && status !== 400 && status !== 431) problems.push('no nosniff header');
    if (headers.has('x-powered-by')) problems.push('X-Powered-By header');
  }
  return problems;
}
