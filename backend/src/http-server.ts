/**
 * The HTTP listener around the Express app: header limit, keep-alive timing, and request-level
 * errors answered in the API's envelope instead of Node's bare status lines.
 *
 * Node's parser (llhttp) refuses a request target with raw non-ASCII bytes (HPE_INVALID_URL) even
 * in its lenient mode. Browsers and HTTP libraries always %-encode, but a hand-typed
 * `curl http://127.0.0.1:3001/api/zb/search?keyword=道路` sends UTF-8 bytes as they are. Such a
 * request line is %-encoded byte for byte — exactly what a browser sends — and the connection is
 * handed to the server again; everything else the parser refuses gets `{code, msg}` and the status
 * Node would have sent.
 */
import http from 'node:http';
import { Duplex } from 'node:stream';
import type { Express } from 'express';

/**
 * Above Node's 16 KiB default, so an over-long query (a 10 KB Chinese keyword is ~30 KB once
 * %-encoded) reaches validation and gets a message naming the field instead of a bare 431.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

const CRLF = Buffer.from('\r\n');

/**
 * `packet` with its first line (the request line) %-encoding bytes ≥ 0x80; null when the line is
 * incomplete or has no such byte (then it was refused for another reason).
 */
export function encodeRequestLine(packet: Buffer): Buffer | null {
  const end = packet.indexOf(CRLF);
  if (end < 0) return null;
  const line = packet.subarray(0, end);
  if (!line.some((byte) => byte >= 0x80)) return null;
  let encoded = '';
  for (const byte of line) encoded += byte >= 0x80 ? `%${byte.toString(16).toUpperCase()}` : String.fromCharCode(byte);
  return Buffer.concat([Buffer.from(encoded, 'latin1'), packet.subarray(end)]);
}

/** Hand the connection back to the server, starting with `replay` instead of what was parsed. */
function reinject(server: http.Server, socket: Duplex, replay: Buffer): void {
  // The failed parser stays attached to 'data' and would fail again on every chunk.
  socket.removeAllListeners('data');
  const connection = new Duplex({
    read() {
      socket.resume();
    },
    write(chunk: Buffer, encoding, callback) {
      socket.write(chunk, encoding, callback);
    },
    final(callback) {
      socket.end();
      callback();
    },
    destroy(err, callback) {
      socket.destroy(err ?? undefined);
      callback(err);
    },
  });
  socket.on('data', (chunk: Buffer) => {
    if (!connection.push(chunk)) socket.pause();
  });
  socket.on('end', () => connection.push(null));
  socket.on('error', (err) => connection.destroy(err));
  socket.on('close', () => connection.destroy());
  connection.push(replay);
  server.emit('connection', connection);
}

const CLIENT_ERRORS: Record<string, [status: number, msg: string]> = {
  HPE_HEADER_OVERFLOW: [431, '请求头过大'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, '请求数据过大'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, '请求超时'],
};

/**
 * Responses not yet finished, per connection: a pipelined request before the one the parser
 * refused may still be answering. Counted from the server's own 'request' events rather than read
 * from Node's private `socket._httpMessage`.
 */
const openResponses = new WeakMap<Duplex, number>();
const responding = (socket: Duplex) => (openResponses.get(socket) ?? 0) > 0;

function countResponses(server: http.Server): void {
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    openResponses.set(socket, (openResponses.get(socket) ?? 0) + 1);
    res.once('close', () => openResponses.set(socket, (openResponses.get(socket) ?? 1) - 1));
  });
}

function answerClientError(err: ParserError, socket: Duplex): void {
  // As Node does: never write into a response under way, nor to a dead socket.
  if (err.code === 'ECONNRESET' || !socket.writable || responding(socket)) {
    socket.destroy();
    return;
  }
  const [status, msg] = CLIENT_ERRORS[err.code ?? ''] ?? [400, '请求格式不正确'];
  const body = JSON.stringify({ code: status, msg });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function createHttpServer(app: Express): http.Server {
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES });
  // Counted before the app sees the request, so a response is known to be open from its start.
  countResponses(server);
  server.on('request', app);
  // Longer than a proxy's idle keep-alive sockets, so the backend is never the side closing a
  // connection the proxy is about to reuse.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // Only a request line that starts its packet, with no response under way, is replayed.
    const replay = err.code === 'HPE_INVALID_URL' && err.rawPacket && !responding(socket) ? encodeRequestLine(err.rawPacket) : null;
    if (replay) reinject(server, socket, replay);
    else answerClientError(err, socket);
  });
  return server;
}
