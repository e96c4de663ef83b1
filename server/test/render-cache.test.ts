/** The render cache's store on its own: bounds, expiry, nonce templating, one render per burst. */
import { describe, expect, it } from 'vitest';
import { MemoryPageStore, RenderCache, STALE_MS, type CachedPage, type PageStore } from '../src/render/cache';

function cacheAt(options: { maxBytes?: number; ttlMs?: number; staleMs?: number } = {}) {
  let now = 1_000_000;
  const cache = new RenderCache({
    maxBytes: options.maxBytes ?? 1_000_000,
    ttlMs: options.ttlMs ?? 30_000,
    staleMs: options.staleMs,
    now: () => now,
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

const page = (text: string) => Buffer.from(text, 'utf8');

/** Stores `body` under `key` the way render/ssr.ts does: claim, render, settle. */
function put(cache: RenderCache, key: string, body: Buffer, nonce?: string): void {
  const settle = cache.claim(key);
  if (!settle) throw new Error(`${key} is already being rendered`);
  settle({ body, nonce });
}

describe('RenderCache', () => {
  it('gives back a page with the nonce of the answer it is sent in', async () => {
    const { cache } = cacheAt();
    put(cache, '/zb', page('<script nonce="N0nce==">a</script><p>表</p><script nonce="N0nce==">b</script>'), 'N0nce==');
    const cached = await cache.lookup('/zb');
    expect(cached).not.toBeNull();
    if (!cached) return;
    expect(RenderCache.body(cached, 'fresh+/=').toString('utf8')).toBe(
      '<script nonce="fresh+/=">a</script><p>表</p><script nonce="fresh+/=">b</script>',
    );
    expect(RenderCache.body(cached, 'other').toString('utf8')).toContain('nonce="other"');
  });

  it('serves an entry for its time to live, then keeps it as a stale copy for its stale time, then forgets it', async () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000, staleMs: 60_000 });
    put(cache, '/', page('home'));
    advance(29_999);
    const cached = await cache.lookup('/');
    expect(cached && cache.ageSeconds(cached)).toBe(29);
    expect(cached && cache.isFresh(cached)).toBe(true);
    advance(1);
    const stale = await cache.lookup('/');
    expect(stale && cache.isFresh(stale)).toBe(false);
    expect(stale && RenderCache.body(stale, undefined).toString('utf8')).toBe('home');
    expect(await cache.peek('/')).toBe(stale);
    // A stale copy is rendered again by whoever claims it, and the new render is fresh.
    put(cache, '/', page('home again'));
    const renewed = await cache.lookup('/');
    expect(renewed && cache.isFresh(renewed)).toBe(true);
    advance(89_999);
    expect(await cache.lookup('/')).not.toBeNull();
    advance(1);
    expect(await cache.lookup('/')).toBeNull();
    expect(await cache.peek('/')).toBeNull();
    expect(cache.size.entries).toBe(0);
  });

  it('keeps a stale copy for 5 minutes unless told otherwise', async () => {
    const { cache, advance } = cacheAt({ ttlMs: 30_000 });
    put(cache, '/zb', page('list'));
    advance(30_000 + STALE_MS - 1);
    expect(await cache.lookup('/zb')).not.toBeNull();
    advance(1);
    expect(await cache.lookup('/zb')).toBeNull();
  });

  it('keys are exact: another query string is another page', async () => {
    const { cache } = cacheAt();
    put(cache, '/zb?keyword=a', page('a'));
    expect(await cache.lookup('/zb?keyword=b')).toBeNull();
    expect(await cache.lookup('/zb')).toBeNull();
    expect(await cache.lookup('/zb?keyword=a')).not.toBeNull();
  });

  it('stays within its byte budget, dropping the least recently used pages first', async () => {
    const { cache } = cacheAt({ maxBytes: 8 * 1024 });
    const kilobyte = page('x'.repeat(1000));
    for (const key of ['/1', '/2', '/3', '/4', '/5', '/6']) put(cache, key, kilobyte);
    await cache.lookup('/1'); // used: now the most recent
    put(cache, '/7', kilobyte);
    put(cache, '/8', kilobyte);
    expect(cache.size.bytes).toBeLessThanOrEqual(8 * 1024);
    expect(await cache.lookup('/1')).not.toBeNull();
    expect(await cache.lookup('/2')).toBeNull();
    expect(await cache.lookup('/8')).not.toBeNull();
  });

  it('does not keep a page bigger than an eighth of the budget', async () => {
    const { cache } = cacheAt({ maxBytes: 8000 });
    put(cache, '/huge', page('x'.repeat(1001)));
    expect(await cache.lookup('/huge')).toBeNull();
  });

  it('concurrent misses wait for the one render in flight', async () => {
    const { cache } = cacheAt();
    expect(await cache.lookup('/zb/1')).toBeNull();
    const settle = cache.claim('/zb/1');
    expect(settle).not.toBeNull();
    expect(cache.claim('/zb/1')).toBeNull();
    const waiting = Promise.all([cache.lookup('/zb/1'), cache.lookup('/zb/1')]);
    settle?.({ body: page('detail'), nonce: undefined });
    const [first, second] = await waiting;
    expect(first && RenderCache.body(first, 'n').toString('utf8')).toBe('detail');
    expect(second).toBe(first);
  });

  it('a render with nothing to keep releases whoever waits, empty-handed', async () => {
    const { cache } = cacheAt();
    const settle = cache.claim('/zb/404');
    const waiting = cache.lookup('/zb/404');
    settle?.(null);
    expect(await waiting).toBeNull();
    expect(cache.claim('/zb/404')).not.toBeNull();
  });

  it('clear drops every page', async () => {
    const { cache } = cacheAt();
    put(cache, '/', page('home'));
    cache.clear();
    expect(await cache.lookup('/')).toBeNull();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });
});

/** A store answering a turn later, as Redis does (scale/redis-page-store.ts), around a memory one. */
function laterStore(now: () => number = Date.now, keepMs = 30_000): PageStore & { reads: number } {
  const memory = new MemoryPageStore(1_000_000, keepMs, now);
  return {
    reads: 0,
    get(key: string) {
      this.reads++;
      return new Promise<CachedPage | null>((resolve) => setTimeout(() => resolve(memory.get(key)), 5));
    },
    set: (key, page) => memory.set(key, page),
    clear: () => memory.clear(),
    size: { entries: 0, bytes: 0 },
  };
}

describe('RenderCache on a store that answers later', () => {
  it('lookups arriving together share one read, and the first miss renders for all', async () => {
    const store = laterStore();
    const cache = new RenderCache({ maxBytes: 1_000_000, ttlMs: 30_000, store });
    const first = cache.lookup('/zb').then((page) => {
      // What render/ssr.ts does on a miss: claim at once, render, settle.
      const settle = page ? null : cache.claim('/zb');
      setTimeout(() => settle?.({ body: Buffer.from('列表'), nonce: undefined }), 20);
      return page;
    });
    const others = Promise.all([cache.lookup('/zb'), cache.lookup('/zb')]);
    expect(await first).toBeNull();
    const [a, b] = await others;
    expect(a && RenderCache.body(a, undefined).toString('utf8')).toBe('列表');
    expect(b).toBe(a);
    expect(store.reads).toBe(1);
  });

  it('a stale page read together: the first renders it for all, or, refused a slot, leaves the others its stale copy', async () => {
    let now = 1_000_000;
    const store = laterStore(() => now, 60_000);
    const cache = new RenderCache({ maxBytes: 1_000_000, ttlMs: 30_000, staleMs: 30_000, store, now: () => now });
    put(cache, '/zb', page('旧'));
    now += 40_000;

    // Renders are busy: the first reader serves its stale copy and renders nothing; so do the others.
    const first = cache.lookup('/zb').then((found) => {
      cache.claim('/zb')?.(null);
      return found;
    });
    const others = Promise.all([cache.lookup('/zb'), cache.lookup('/zb')]);
    const stale = await first;
    expect(stale && cache.isFresh(stale)).toBe(false);
    for (const found of await others) expect(found && RenderCache.body(found, undefined).toString('utf8')).toBe('旧');

    // A free slot: the first reader renders, and the others get its fresh page.
    const renderer = cache.lookup('/zb').then((found) => {
      const settle = cache.claim('/zb');
      setTimeout(() => settle?.({ body: page('新'), nonce: undefined }), 20);
      return found;
    });
    const waiting = Promise.all([cache.lookup('/zb'), cache.lookup('/zb')]);
    expect((await renderer) && cache.isFresh((await renderer)!)).toBe(false);
    for (const found of await waiting) {
      expect(found && cache.isFresh(found)).toBe(true);
      expect(found && RenderCache.body(found, undefined).toString('utf8')).toBe('新');
    }
  });

  it('a miss that is never claimed (HEAD) lets the others go to render themselves', async () => {
    const cache = new RenderCache({ maxBytes: 1_000_000, ttlMs: 30_000, store: laterStore() });
    const [head, other] = await Promise.all([cache.lookup('/xmk'), cache.lookup('/xmk')]);
    expect([head, other]).toEqual([null, null]);
    expect(cache.claim('/xmk')).not.toBeNull();
  });
});
