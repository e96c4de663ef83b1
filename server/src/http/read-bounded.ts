import type { Readable } from 'node:stream';

/**
 * The whole of `stream` (a request's body, a backend's answer), or null as soon as it passes
 * `maxBytes`: the stream is paused there and the rest left unread, for the caller to close.
 * Rejects with the stream's error; the listener stays, so a later error is not left unhandled.
 */
export function readBounded(stream: Readable, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) chunks.push(chunk);
      else {
        stream.pause();
        resolve(null);
      }
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
