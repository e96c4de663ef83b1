/**
 * The render cache's pages in Redis, shared by every server instance: a page one
 * instance rendered is served by all of them until its time to live is over, and kept as a stale
 * copy for busy times after that (render/cache.ts); Redis drops it when both are over (`SET … PX`).
 * Keys read `<prefix>page:<cache key>`, e.g. `portal:page:/zb?keyword=水利`.
 *
 * A value keeps the page exactly as the memory store does, cut around its nonce, so each answer
 * still carries its own response's nonce (render/cache.ts):
 * version (1 byte) · storedAt (float64) · part count (uint32) · each part's length (uint32) · parts.
 *
 * Redis unreachable or slow: every read is a miss, writes are dropped; the portal renders as if
 * the cache were off and `/healthz` says degraded (http/health.ts). How much Redis keeps in all is its
 * own `maxmemory` (with an LRU policy), docs/reliability.md.
 */
import { ENTRY_OVERHEAD_BYTES, type CachedPage, type PageStore } from '../render/cache';
import type { SharedRedis } from './redis';

const FORMAT_VERSION = 1;
/** Keys dropped per SCAN step when the cache is cleared. */
const CLEAR_BATCH = 500;

export function encodePage(page: CachedPage): Buffer {
  const head = Buffer.alloc(1 + 8 + 4 + 4 * page.parts.length);
  head.writeUInt8(FORMAT_VERSION, 0);
  head.writeDoubleBE(page.storedAt, 1);
  head.writeUInt32BE(page.parts.length, 9);
  page.parts.forEach((part, i) => head.writeUInt32BE(part.length, 13 + 4 * i));
  return Buffer.concat([head, ...page.parts]);
}

/** The page in `value`, or null when it is not one (another program's key, an older format). */
export function decodePage(value: Buffer): CachedPage | null {
  if (value.length < 13 || value.readUInt8(0) !== FORMAT_VERSION) return null;
  const storedAt = value.readDoubleBE(1);
  const count = value.readUInt32BE(9);
  let at = 13 + 4 * count;
  if (count === 0 || at > value.length) return null;
  const parts: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const length = value.readUInt32BE(13 + 4 * i);
    if (at + length > value.length) return null;
    parts.push(value.subarray(at, at + length));
    at += length;
  }
  if (at !== value.length) return null;
  const body = parts.reduce((sum, part) => sum + part.length, 0);
  return { parts, bytes: body + ENTRY_OVERHEAD_BYTES, storedAt };
}

export class RedisPageStore implements PageStore {
  /** Nothing is kept in this process. */
  readonly size = { entries: 0, bytes: 0 };
  private readonly prefix: string;

  constructor(
    private readonly redis: SharedRedis,
    /** How long a page is kept from its render, fresh and stale (render/cache.ts keepMs). */
    private readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.prefix = `${redis.prefix}page:`;
  }

  async get(key: string): Promise<CachedPage | null> {
    if (!this.redis.isReady()) return null;
    try {
      const value = await this.redis.sendForBytes<Buffer | null>(['GET', this.prefix + key]);
      const page = Buffer.isBuffer(value) ? decodePage(value) : null;
      // Redis expires the key itself; this also holds when clocks of two machines disagree a little.
      return page && this.now() - page.storedAt < this.keepMs ? page : null;
    } catch {
      return null;
    }
  }

  set(key: string, page: CachedPage): void {
    if (!this.redis.isReady()) return;
    this.redis.send(['SET', this.prefix + key, encodePage(page), 'PX', String(this.keepMs)]).catch(() => undefined);
  }

  /** Drops every page of this portal (the backend went down: nothing rendered before may be served). */
  clear(): void {
    if (!this.redis.isReady()) return;
    void this.dropAll().catch(() => undefined);
  }

  private async dropAll(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.send<[string, string[]]>([
        'SCAN',
        cursor,
        'MATCH',
        `${escapeGlob(this.prefix)}*`,
        'COUNT',
        String(CLEAR_BATCH),
      ]);
      if (keys.length > 0) await this.redis.send(['UNLINK', ...keys]);
      cursor = next;
    } while (cursor !== '0');
  }
}

/** `text` matched literally by a Redis glob pattern. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
