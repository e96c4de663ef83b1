/**
 * HTTP/1.1 over a bare socket, byte for byte: the fuzzer must be able to send what no HTTP library
 * would (raw UTF-8 and invalid bytes in the request line, broken %-escapes, thousands of headers,
 * bodies that lie about their length), and to read whatever comes back.
 */
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target exactly as sent (may hold bytes a URL may not). */
  target: Buffer;
  headers: [string, string][];
  body?: Buffer;
  /** Send the body chunked instead of with Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  headers: Map<string, string[]>;
  body: Buffer;
}

export type RawOutcome = { ok: true; response: RawResponse; ms: number } | { ok: false; error: string; ms: number };

const CRLF = '\r\n';

export function encodeRequest(host: string, req: RawRequest): Buffer {
  const head: Buffer[] = [Buffer.from(`${req.method} `, 'latin1'), req.target, Buffer.from(` HTTP/1.1${CRLF}`, 'latin1')];
  const headers: [string, string][] = [['Host', host], ...req.headers, ['Connection', 'close']];
  if (req.body && req.chunked) headers.push(['Transfer-Encoding', 'chunked']);
  else if (req.body) headers.push(['Content-Length', String(req.body.length)]);
  for (const [name, value] of headers) {
    // Other control characters stay (the server must refuse them); line breaks would split our own request.
    head.push(Buffer.from(`${name}: `, 'latin1'), Buffer.from(value.replace(/[\r\n]/g, ' '), 'utf8'), Buffer.from(CRLF, 'latin1'));
  }
  head.push(Buffer.from(CRLF, 'latin1'));
  if (req.body && req.chunked) {
    head.push(Buffer.from(`${req.body.length.toString(16)}${CRLF}`, 'latin1'), req.body, Buffer.from(`${CRLF}0${CRLF}${CRLF}`, 'latin1'));
  } else if (req.body) head.push(req.body);
  return Buffer.concat(head);
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf(CRLF, at);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(at, lineEnd).toString('latin1').split(';')[0] ?? '', 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The final response in `bytes` (interim 1xx answers such as 100 Continue are skipped). */
export function parseResponse(bytes: Buffer): RawResponse | null {
  let rest = bytes;
  for (;;) {
    const headEnd = rest.indexOf(`${CRLF}${CRLF}`);
    if (headEnd < 0) return null;
    const [statusLine = '', ...headerLines] = rest.subarray(0, headEnd).toString('latin1').split(CRLF);
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
    if (!Number.isFinite(status)) return null;
    const body = rest.subarray(headEnd + 4);
    if (status >= 100 && status < 200) {
      rest = body;
      continue;
    }
    const headers = new Map<string, string[]>();
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      if (colon < 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      headers.set(name, [...(headers.get(name) ?? []), Buffer.from(line.slice(colon + 1).trim(), 'latin1').toString('utf8')]);
    }
    const chunked = headers.get('transfer-encoding')?.some((v) => v.toLowerCase().includes('chunked'));
    return { status, headers, body: chunked ? dechunk(body) : body };
  }
}

/** Sends one request on a fresh connection and reads until the server closes it. */
export function sendRaw(port: number, req: RawRequest, timeoutMs: number): Promise<RawOutcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1');
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const response = parseResponse(Buffer.concat(chunks));
      const ms = Date.now() - started;
      // A server may answer early (413, 431) and reset while the rest is still being written.
      if (response) resolve({ ok: true, response, ms });
      else resolve({ ok: false, error: error ?? 'closed without an answer', ms });
    };
    const timer = setTimeout(() => finish(`no answer within ${timeoutMs} ms`), timeoutMs);
    // write, not end: Node's HTTP server aborts a request whose client half-closes the connection.
    socket.on('connect', () => socket.write(encodeRequest(`127.0.0.1:${port}`, req)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => finish());
    socket.on('close', () => finish());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // EPIPE/ECONNRESET after the answer arrived are the early-answer case above.
      if (chunks.length === 0) finish(error.code ?? error.message);
    });
  });
}
