/**
 * A short per-instance cache of anonymous page renders (issue 7 §2). A render costs tens of
 * milliseconds of CPU and several backend calls; the same anonymous URL renders the same HTML for
 * every visitor, which the HTTP contract already lets any proxy keep for 60 s
 * (`Cache-Control: public, max-age=60`, ssr.ts).
 *
 * - Keyed by URL (path and query as sent), bounded in bytes, least recently used entries go first,
 *   and each entry lives `ttlMs` at most.
 * - A page is kept as the parts around its CSP nonce: every answer gets its own response's nonce
 *   (security-headers.ts), so the body always matches the header sent with it.
 * - Concurrent misses of one URL render once: the first request renders and streams as usual,
 *   the others wait for its body (`lookup` returns the pending render's result).
 *
 * What may be stored (anonymous 200s only) is ssr.ts's decision; this module only keeps bytes.
 */

export interface RenderCacheOptions {
  /** Upper bound of the bodies kept, in bytes. */
  maxBytes: number;
  /** How long a render may be served, at most the 60 s of the `Cache-Control` contract. */
  ttlMs: number;
  now?: () => number;
}

/** A stored page: its body cut at each occurrence of the nonce it was rendered with. */
export interface CachedPage {
  parts: readonly Buffer[];
  bytes: number;
  storedAt: number;
}

/** Bookkeeping per entry beyond its body (key string, map slot): a rough figure, for the bound. */
const ENTRY_OVERHEAD_BYTES = 256;

export class RenderCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly opts: RenderCacheOptions) {
    this.now = opts.now ?? Date.now;
  }

  /** A single page above this is not kept: a few huge pages must not flush everything else. */
  get maxEntryBytes(): number {
    return Math.floor(this.opts.maxBytes / 8);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The fresh page for `key`; while another request is rendering it, that render's outcome. */
  async lookup(key: string): Promise<CachedPage | null> {
    const entry = this.entries.get(key);
    if (entry) {
      if (this.now() - entry.storedAt < this.opts.ttlMs) {
        // Re-inserting moves the key to the end of the Map's order: most recently used.
        this.entries.delete(key);
        this.entries.set(key, entry);
        return entry;
      }
      this.remove(key);
    }
    return (await this.pending.get(key)) ?? null;
  }

  /**
   * Claims the render of `key`: until the returned function is called, other lookups of `key` wait
   * for it. It takes the rendered body and the nonce in it (null: nothing to keep) and must be
   * called exactly once. Null when another request holds the claim.
   */
  claim(key: string): ((rendered: { body: Buffer; nonce: string | undefined } | null) => void) | null {
    if (this.pending.has(key)) return null;
    let settle: (page: CachedPage | null) => void = () => undefined;
    this.pending.set(key, new Promise((resolve) => (settle = resolve)));
    return (rendered) => {
      this.pending.delete(key);
      const page = rendered && rendered.body.length <= this.maxEntryBytes ? this.store(key, rendered.body, rendered.nonce) : null;
      settle(page);
    };
  }

  /**
   * The pieces of the body to send for `page`, carrying `nonce` where the render had its own. They
   * are written one after another (a corked writev), not joined: joining copied every cached page
   * once per answer, tens of kilobytes of short-lived native memory each time.
   */
  static pieces(page: CachedPage, nonce: string | undefined): Buffer[] {
    if (page.parts.length === 1) return [...page.parts];
    const glue = Buffer.from(nonce ?? '', 'utf8');
    return page.parts.flatMap((part, i) => (i === 0 ? [part] : [glue, part]));
  }

  /** The whole body, for tests and callers that need one buffer. */
  static body(page: CachedPage, nonce: string | undefined): Buffer {
    return Buffer.concat(RenderCache.pieces(page, nonce));
  }

  /** Seconds since `page` was rendered, for the `Age` header (downstream caches subtract it). */
  ageSeconds(page: CachedPage): number {
    return Math.max(0, Math.floor((this.now() - page.storedAt) / 1000));
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(key: string, body: Buffer, nonce: string | undefined): CachedPage {
    const page: CachedPage = { parts: splitAt(body, nonce), bytes: body.length + ENTRY_OVERHEAD_BYTES, storedAt: this.now() };
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(oldest);
    }
    return page;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** `body` cut at every occurrence of `nonce` (128 random bits: it occurs nowhere else). */
function splitAt(body: Buffer, nonce: string | undefined): Buffer[] {
  if (!nonce) return [body];
  const needle = Buffer.from(nonce, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return parts;
}
