/**
 * A short cache of anonymous page renders. A render costs tens of milliseconds of CPU
 * and several backend calls; the same anonymous URL renders the same HTML for every visitor, which
 * the HTTP contract already lets any proxy keep for 60 s (`Cache-Control: public, max-age=60`,
 * render/ssr.ts).
 *
 * - Keyed by URL (path and query as sent); each entry is fresh for `ttlMs`, then kept as a stale
 *   copy for `staleMs` more: render/ssr.ts serves it, marked stale, when renders are busy (under
 *   overload a page a few minutes old beats a 503), and renders afresh when a slot is free.
 * - A page is kept as the parts around its CSP nonce: every answer gets its own response's nonce
 *   (http/security-headers.ts), so the body always matches the header sent with it.
 * - Concurrent misses of one URL render once per instance: the first request renders and streams
 *   as usual, the others wait for its body (`lookup` returns the pending render's result).
 * - Where the pages live is a PageStore: this process's memory (MemoryPageStore, bounded in bytes,
 *   least recently used first), or Redis shared by every instance (scale/redis-page-store.ts).
 *
 * What may be stored (anonymous 200s only) is render/ssr.ts's decision; this module only keeps bytes.
 */
export interface RenderCacheOptions {
  /** Upper bound of the bodies kept in memory, in bytes; a single page may take an eighth of it. */
  maxBytes: number;
  /** How long a render may be served, at most the 60 s of the `Cache-Control` contract. */
  ttlMs: number;
  /** How long after that it is kept as a stale copy for busy times (default STALE_MS). */
  staleMs?: number;
  now?: () => number;
  /** Where pages are kept; unset: this process's memory, within `maxBytes`. */
  store?: PageStore;
}

/** A stored page: its body cut at each occurrence of the nonce it was rendered with. */
export interface CachedPage {
  parts: readonly Buffer[];
  bytes: number;
  storedAt: number;
}

/**
 * Where pages are kept. `get` answers null for anything missing, expired or unreadable, and never
 * rejects; `set` and `clear` may finish later and never throw.
 */
export interface PageStore {
  get(key: string): CachedPage | null | Promise<CachedPage | null>;
  set(key: string, page: CachedPage): void;
  clear(): void;
  /** What is kept in this process (a shared store keeps nothing here). */
  readonly size: { entries: number; bytes: number };
}

/** Bookkeeping per entry beyond its body (key string, map slot): a rough figure, for the bound. */
export const ENTRY_OVERHEAD_BYTES = 256;

/**
 * How long a page past its time to live is kept for busy times: 5 minutes, what the pages'
 * `stale-while-revalidate=300` already lets any cache in front of the portal serve.
 */
export const STALE_MS = 300_000;

/** Pages in this process's memory: bounded in bytes, least recently used first out, `keepMs` each. */
export class MemoryPageStore implements PageStore {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    /** How long a page is kept from its render: its time to live and its stale time together. */
    private readonly keepMs: number,
    private readonly now: () => number,
  ) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (this.now() - entry.storedAt >= this.keepMs) {
      this.remove(key);
      return null;
    }
    // Re-inserting moves the key to the end of the Map's order: most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

type Settle = (page: CachedPage | null) => void;

export class RenderCache {
  private readonly pending = new Map<string, Promise<CachedPage | null>>();
  /** Renders reserved by a lookup that missed, until its request claims them (or lets go). */
  private readonly reserved = new Map<string, Settle>();
  /** Store reads in flight: concurrent lookups of one key share one. */
  private readonly reading = new Map<string, Promise<CachedPage | null>>();
  private readonly store: PageStore;
  private readonly now: () => number;

  constructor(private readonly opts: RenderCacheOptions) {
    this.now = opts.now ?? Date.now;
    this.store = opts.store ?? new MemoryPageStore(opts.maxBytes, keepMs(opts), this.now);
  }

  /** A single page above this is not kept: a few huge pages must not flush everything else. */
  get maxEntryBytes(): number {
    return Math.floor(this.opts.maxBytes / 8);
  }

  get size(): { entries: number; bytes: number } {
    return this.store.size;
  }

  /**
   * The page kept for `key`, fresh or stale (`isFresh` tells); while another request is rendering
   * it, that render's outcome. A stale page means: render again if a slot is free, else serve it.
   */
  async lookup(key: string): Promise<CachedPage | null> {
    const pending = this.pending.get(key);
    if (pending) return pending;
    // A store that answers later (Redis): requests arriving meanwhile share the read, and the
    // first one's miss reserves the render, so the others wait for it instead of rendering too.
    const inFlight = this.reading.get(key);
    if (inFlight) {
      const page = await inFlight;
      if (page && this.isFresh(page)) return page;
      return (await this.pending.get(key)) ?? page;
    }
    const read = this.store.get(key);
    if (!(read instanceof Promise)) return read;
    this.reading.set(key, read);
    try {
      const page = await read;
      if (!page || !this.isFresh(page)) this.reserve(key);
      return page;
    } finally {
      this.reading.delete(key);
    }
  }

  /**
   * The page kept for `key`, fresh or stale, straight from the store: for a request that holds the
   * claim on `key` and was refused a render slot (a lookup would wait for its own render).
   */
  async peek(key: string): Promise<CachedPage | null> {
    return this.store.get(key);
  }

  /** Whether `page` is within its time to live, to be served as it is. */
  isFresh(page: CachedPage): boolean {
    return this.now() - page.storedAt < this.opts.ttlMs;
  }

  /**
   * Claims the render of `key`: until the returned function is called, other lookups of `key` wait
   * for it. It takes the rendered body and the nonce in it (null: nothing to keep) and must be
   * called exactly once. Null when another request holds the claim.
   */
  claim(key: string): ((rendered: { body: Buffer; nonce: string | undefined } | null) => void) | null {
    let settle = this.reserved.get(key);
    if (settle) this.reserved.delete(key);
    else if (this.pending.has(key)) return null;
    else settle = this.open(key);
    const done = settle;
    return (rendered) => {
      this.pending.delete(key);
      let page: CachedPage | null = null;
      if (rendered && rendered.body.length <= this.maxEntryBytes) {
        page = { parts: splitAt(rendered.body, rendered.nonce), bytes: rendered.body.length + ENTRY_OVERHEAD_BYTES, storedAt: this.now() };
        this.store.set(key, page);
      }
      done(page);
    };
  }

  /** Marks `key` as being rendered; whoever looks it up waits for the returned function. */
  private open(key: string): Settle {
    let settle: Settle = () => undefined;
    this.pending.set(key, new Promise((resolve) => (settle = resolve)));
    return settle;
  }

  /**
   * After a miss: the request that missed claims the render right after its lookup (render/ssr.ts), so
   * the render is marked as pending at once. One that does not (HEAD) lets go a turn later, and
   * whoever waited renders itself.
   */
  private reserve(key: string): void {
    if (this.pending.has(key)) return;
    const settle = this.open(key);
    this.reserved.set(key, settle);
    setImmediate(() => {
      if (this.reserved.get(key) !== settle) return;
      this.reserved.delete(key);
      this.pending.delete(key);
      settle(null);
    });
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
    this.store.clear();
  }
}

/** How long a page is kept from its render: fresh, then stale. */
export function keepMs(opts: Pick<RenderCacheOptions, 'ttlMs' | 'staleMs'>): number {
  return opts.ttlMs + (opts.staleMs ?? STALE_MS);
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
