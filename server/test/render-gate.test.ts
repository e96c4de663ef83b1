/**
 * Renders in flight are bounded, members first. Past the bound requests wait in a short queue;
 * past the queue (or the wait) anonymous renders are shed — the oldest first, with 503 and
 * Retry-After, or the stale copy of their page when the render cache has one — while a member's
 * page is still rendered; /healthz and static files answer quickly all the while.
 */
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import type { RenderCacheOptions } from '../src/render/cache';
import { RenderGate, defaultRenderLimit, type RenderLimit } from '../src/render/gate';
import type { RenderResult, Renderer } from '../src/render/renderer';
import { listenPortal, listenTestBackend, type ListeningBackend, type ListeningPortal } from './portal-fixture';

let backend: ListeningBackend;

beforeAll(async () => {
  backend = await listenTestBackend({ projects: 30, tenders: 30, captchaEnabled: false });
});

afterAll(() => backend.close());

/** Renders that take as long as the test says: each waits until `finish()`. */
function stalledRenderer() {
  const waiting: (() => void)[] = [];
  let started = 0;
  const renderer: Renderer = {
    render: () => {
      started++;
      return new Promise<RenderResult>((resolve) => waiting.push(() => resolve({ type: 'redirect', status: 302, location: '/rendered' })));
    },
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
  return { renderer, started: () => started, finish: () => waiting.splice(0).forEach((done) => done()) };
}

interface HeldRender {
  path: string;
  member: boolean;
  /** Lets the page go out: a 200 naming its path, with the answer's nonce where a page has one. */
  finish(): void;
  finished(): boolean;
}

/**
 * Renders of real pages (200, HTML) that each wait for the test to finish them, so a test can hold
 * slots with some requests and let others through. `held` lists the renders started, in order.
 */
function heldPages() {
  const held: HeldRender[] = [];
  const renderer: Renderer = {
    render: (opts) => {
      const path = new URL(opts.request.url).pathname + new URL(opts.request.url).search;
      const stream = new PassThrough();
      const html = `<!doctype html><script nonce="${opts.nonce}">1</script><main>页面 ${path}</main>`;
      return new Promise<RenderResult>((resolve) =>
        held.push({
          path,
          member: opts.token !== null && opts.token !== undefined,
          finished: () => stream.writableEnded,
          finish: () => {
            if (stream.writableEnded) return;
            resolve({
              type: 'html',
              status: 200,
              hadErrors: () => false,
              stream: { pipe: (destination) => stream.pipe(destination), abort: () => stream.destroy() },
            });
            stream.end(html);
          },
        }),
      );
    },
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
  const find = (path: string) => {
    const render = held.find((r) => r.path === path && !r.finished());
    if (!render) throw new Error(`${path} is not waiting to be finished`);
    return render;
  };
  return { renderer, held, finish: (path: string) => find(path).finish() };
}

let portal: ListeningPortal | undefined;

afterEach(() => {
  portal?.close();
  portal = undefined;
});

async function startPortal(
  renderer: Renderer,
  renderLimit: RenderLimit,
  extra: { renderCache?: RenderCacheOptions; renderGate?: RenderGate } = {},
): Promise<string> {
  portal = await listenPortal({ backendURL: backend.url, renderer, renderLimit, ...extra });
  return portal.url;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

async function timed(url: string, init: RequestInit = {}) {
  const started = Date.now();
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { res, text: await res.text(), ms: Date.now() - started };
}

const MEMBER = { headers: { Cookie: `${TOKEN_COOKIE}=member-token-1` } };

/** A 503 the way a shed page is answered: the static error page, Retry-After, never cached. */
function expectShed(answer: { res: Response; text: string }) {
  expect(answer.res.status).toBe(503);
  expect(answer.res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect(answer.res.headers.get('content-type')).toContain('text/html');
  expect(answer.res.headers.get('cache-control')).toBe('private, no-store');
  expect(answer.text).toContain('服务暂时不可用');
}

describe('renders in flight', () => {
  it('past the bound and the queue: the oldest waiter gets 503 with Retry-After at once, while /healthz and static files answer at once', async () => {
    const pages = stalledRenderer();
    const limit = { maxInFlight: 2, maxQueued: 2, maxWaitMs: 30_000, memberReserve: 0, anonymousMinimum: 0 };
    const gate = new RenderGate(limit);
    const url = await startPortal(pages.renderer, limit, { renderGate: gate });
    // Two render, two wait: every one a different URL, so the render cache could not help anyway.
    const rendering = [1, 2].map((n) => fetch(`${url}/xmk?pageNum=${n + 1}`, { redirect: 'manual' }));
    await until(() => pages.started() === 2);
    const oldest = timed(`${url}/xmk?pageNum=4`);
    await until(() => gate.stats().queued.anonymous === 1);
    const older = fetch(`${url}/xmk?pageNum=5`, { redirect: 'manual' });
    await until(() => gate.stats().queued.anonymous === 2);

    // A newcomer takes the place of the oldest waiter, who is answered at once.
    const arrived = Date.now();
    const newest = fetch(`${url}/zb?pageNum=9`, { redirect: 'manual' });
    const refused = await oldest;
    expectShed(refused);
    expect(Date.now() - arrived).toBeLessThan(1_000);

    const health = await timed(`${url}/healthz`);
    expect(health.res.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    expect((await timed(`${url}/favicon.svg`)).res.status).toBe(200);
    expect(pages.started()).toBe(2);

    // As renders finish, the waiting requests take their slots, in turn; none of them is refused.
    pages.finish();
    await until(() => pages.started() === 4);
    pages.finish();
    expect((await Promise.all([...rendering, older, newest])).map((res) => res.status)).toEqual([302, 302, 302, 302]);
  });

  it('a request that waits longer than maxWaitMs is refused with 503', async () => {
    const pages = stalledRenderer();
    const url = await startPortal(pages.renderer, { maxInFlight: 1, maxQueued: 5, maxWaitMs: 200, memberReserve: 0, anonymousMinimum: 0 });
    const held = fetch(`${url}/`, { redirect: 'manual' });
    await until(() => pages.started() === 1);
    const waited = await timed(`${url}/xmk`);
    expectShed(waited);
    expect(waited.ms).toBeGreaterThanOrEqual(150);
    pages.finish();
    expect((await held).status).toBe(302);
  });
});

describe('under overload, members first', () => {
  it('a member page is served while anonymous renders are being shed', async () => {
    const pages = heldPages();
    const limit = { maxInFlight: 3, maxQueued: 2, maxWaitMs: 30_000, memberReserve: 1, anonymousMinimum: 1 };
    const gate = new RenderGate(limit);
    const url = await startPortal(pages.renderer, limit, { renderGate: gate });

    // Anonymous visitors ask for more pages than the gate takes: two render, two wait, the rest push the oldest out.
    const anonymous = [2, 3, 4, 5, 6, 7].map((n) => timed(`${url}/zb?pageNum=${n}`));
    await until(() => gate.stats().shed.anonymous === 2);
    expect(gate.stats()).toMatchObject({ inFlight: { member: 0, anonymous: 2 }, queued: { member: 0, anonymous: 2 } });

    // The member's page renders at once in the slot anonymous renders leave free, and goes out.
    const member = timed(`${url}/user`, MEMBER);
    await until(() => pages.held.some((render) => render.member));
    expect(gate.stats().inFlight).toEqual({ member: 1, anonymous: 2 });
    pages.finish('/user');
    const served = await member;
    expect(served.res.status).toBe(200);
    expect(served.text).toContain('页面 /user');
    expect(served.res.headers.get('cache-control')).toBe('private, no-store');

    // A second member, with every slot taken and the queue full of anonymous waiters: it takes the
    // oldest one's place, and the next freed slot is its, ahead of the anonymous renders queued before it.
    const secondHold = timed(`${url}/user/favorites`, MEMBER);
    await until(() => pages.held.filter((render) => render.member).length === 2);
    const second = timed(`${url}/user`, MEMBER);
    await until(() => gate.stats().queued.member === 1);
    expect(gate.stats()).toMatchObject({ queued: { member: 1, anonymous: 1 }, shed: { member: 0, anonymous: 3 } });
    pages.held[0]!.finish();
    await until(() => pages.held.filter((render) => render.member).length === 3);
    expect(gate.stats().queued).toEqual({ member: 0, anonymous: 1 });
    for (const render of pages.held) if (render.member) render.finish();
    expect((await second).res.status).toBe(200);
    expect((await secondHold).res.status).toBe(200);

    // What the anonymous visitors got: three shed with 503 and Retry-After, three rendered in turn.
    await until(() => pages.held.length === 6);
    for (const render of pages.held) if (!render.member) render.finish();
    const answers = await Promise.all(anonymous);
    const shed = answers.filter((answer) => answer.res.status === 503);
    expect(shed).toHaveLength(3);
    shed.forEach(expectShed);
    expect(answers.filter((answer) => answer.res.status === 200)).toHaveLength(3);
    expect(gate.stats()).toEqual({
      inFlight: { member: 0, anonymous: 0 },
      queued: { member: 0, anonymous: 0 },
      shed: { member: 0, anonymous: 3 },
      started: 6,
    });
  });

  it('a member is refused only when the queue holds nothing but members', async () => {
    const gate = new RenderGate({ maxInFlight: 1, maxQueued: 2, maxWaitMs: 10_000, memberReserve: 0, anonymousMinimum: 0 });
    const first = gate.tryAcquire('member');
    const waiting = [gate.acquire('member'), gate.acquire('member')];
    expect(await gate.acquire('member')).toBeNull();
    expect(await gate.acquire('anonymous')).toBeNull();
    expect(gate.stats().shed).toEqual({ member: 1, anonymous: 1 });
    first!();
    const next = await waiting[0];
    next!();
    (await waiting[1])!();
    expect(gate.stats()).toMatchObject({ inFlight: { member: 0, anonymous: 0 }, queued: { member: 0, anonymous: 0 }, started: 3 });
  });
});

describe('stale copies', () => {
  const TTL_MS = 30_000;

  it('an anonymous page past its time gets its stale copy at once while renders are busy, and is rendered again when a slot is free', async () => {
    let now = Date.now();
    const pages = heldPages();
    const gate = new RenderGate({ maxInFlight: 2, maxQueued: 4, maxWaitMs: 30_000, memberReserve: 1, anonymousMinimum: 0 });
    const url = await startPortal(
      pages.renderer,
      { maxInFlight: 2, maxQueued: 4, maxWaitMs: 30_000, memberReserve: 1, anonymousMinimum: 0 },
      { renderGate: gate, renderCache: { maxBytes: 1024 * 1024, ttlMs: TTL_MS, now: () => now } },
    );
    const path = '/zb?industry=stale';
    const first = timed(url + path);
    await until(() => pages.held.length === 1);
    pages.finish(path);
    expect((await first).res.headers.get('x-render-cache')).toBe('miss');

    // Past its time to live, with the one anonymous slot taken by another page's render.
    now += TTL_MS + 12_000;
    const busy = timed(`${url}/xmk?pageNum=7`);
    await until(() => pages.held.length === 2);
    const stale = await timed(url + path);
    expect(stale.res.status).toBe(200);
    expect(stale.res.headers.get('x-render-cache')).toBe('stale');
    expect(stale.res.headers.get('cache-control')).toBe('public, max-age=5');
    expect(stale.res.headers.get('age')).toBe('42');
    expect(stale.text).toContain('页面 /zb?industry=stale');
    const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(String(stale.res.headers.get('content-security-policy')))?.[1];
    expect(stale.text).toContain(`nonce="${nonce}"`);
    expect(stale.ms).toBeLessThan(1_000);
    expect(pages.held).toHaveLength(2);
    expect(gate.stats().queued.anonymous).toBe(0);

    // A free slot: the page is rendered afresh and kept again.
    pages.finish('/xmk?pageNum=7');
    await busy;
    const again = timed(url + path);
    await until(() => pages.held.length === 3);
    pages.finish(path);
    expect((await again).res.headers.get('x-render-cache')).toBe('miss');
    expect((await timed(url + path)).res.headers.get('x-render-cache')).toBe('hit');
  });

  it('a shed anonymous request gets the copy it finds then; with none, 503', async () => {
    let now = Date.now();
    const pages = heldPages();
    const gate = new RenderGate({ maxInFlight: 1, maxQueued: 1, maxWaitMs: 30_000, memberReserve: 0, anonymousMinimum: 0 });
    const url = await startPortal(
      pages.renderer,
      { maxInFlight: 1, maxQueued: 1, maxWaitMs: 30_000, memberReserve: 0, anonymousMinimum: 0 },
      { renderGate: gate, renderCache: { maxBytes: 1024 * 1024, ttlMs: TTL_MS, now: () => now } },
    );
    const kept = '/xmk?industry=kept';
    const first = timed(url + kept);
    await until(() => pages.held.length === 1);
    pages.finish(kept);
    await first;
    now += TTL_MS;

    // Slot taken, one waiting without a copy: a member takes its place, and it is answered 503.
    const busy = timed(`${url}/zb?pageNum=3`);
    await until(() => pages.held.length === 2);
    const waiting = timed(`${url}/zb?pageNum=4`);
    await until(() => gate.stats().queued.anonymous === 1);
    const member = timed(`${url}/user`, MEMBER);
    expectShed(await waiting);
    // A page with a copy does not queue behind the member: it gets its copy.
    const copy = await timed(url + kept);
    expect(copy.res.status).toBe(200);
    expect(copy.res.headers.get('x-render-cache')).toBe('stale');
    for (const render of [...pages.held]) render.finish();
    await until(() => pages.held.some((render) => render.member));
    for (const render of pages.held) render.finish();
    expect((await member).res.status).toBe(200);
    expect((await busy).res.status).toBe(200);
  });
});

describe('RenderGate', () => {
  it('gives a freed slot to the longest waiter, and a browser that left gives up its place', async () => {
    const gate = new RenderGate({ maxInFlight: 1, maxQueued: 3, maxWaitMs: 10_000, memberReserve: 0, anonymousMinimum: 0 });
    const first = await gate.acquire('anonymous');
    const leaving = new AbortController();
    const left = gate.acquire('anonymous', leaving.signal);
    const second = gate.acquire('anonymous');
    leaving.abort();
    expect(await left).toBeNull();
    expect(gate.stats()).toMatchObject({ inFlight: { member: 0, anonymous: 1 }, queued: { member: 0, anonymous: 1 } });
    first!();
    first!();
    const next = await second;
    expect(next).toBeTypeOf('function');
    expect(gate.stats()).toMatchObject({ inFlight: { member: 0, anonymous: 1 }, queued: { member: 0, anonymous: 0 } });
    next!();
    expect(gate.stats()).toEqual({
      inFlight: { member: 0, anonymous: 0 },
      queued: { member: 0, anonymous: 0 },
      shed: { member: 0, anonymous: 0 },
      started: 2,
    });
  });

  it('members first, not members only: anonymous renders below their minimum take any free slot, and a freed one ahead of members', async () => {
    const gate = new RenderGate({ maxInFlight: 2, maxQueued: 8, maxWaitMs: 10_000, memberReserve: 1, anonymousMinimum: 1 });
    // With no anonymous render running, a member may take every slot…
    const members = [gate.tryAcquire('member'), gate.tryAcquire('member')];
    expect(gate.stats().inFlight).toEqual({ member: 2, anonymous: 0 });
    const order: string[] = [];
    const queuedMember = gate.acquire('member').then((release) => (order.push('member'), release));
    const queuedAnonymous = gate.acquire('anonymous').then((release) => (order.push('anonymous'), release));
    // …but the first slot freed goes to the anonymous render, queued after the member.
    members[0]!();
    const anonymous = await queuedAnonymous;
    expect(gate.stats()).toMatchObject({ inFlight: { member: 1, anonymous: 1 }, queued: { member: 1, anonymous: 0 } });
    // One anonymous render runs: the next waits behind members again, and may not take the reserved slot.
    const second = gate.acquire('anonymous').then((release) => (order.push('second anonymous'), release));
    members[1]!();
    (await queuedMember)!();
    anonymous!();
    (await second)!();
    expect(order).toEqual(['anonymous', 'member', 'second anonymous']);
    // A free slot, none reserved for members in use: an anonymous render below its minimum takes it.
    const member = gate.tryAcquire('member');
    expect(gate.tryAcquire('anonymous')).toBeTypeOf('function');
    expect(gate.tryAcquire('anonymous')).toBeNull();
    member!();
  });

  it('anonymous renders leave the reserved slots to members; a freed slot goes to a waiting member first', async () => {
    const gate = new RenderGate({ maxInFlight: 3, maxQueued: 8, maxWaitMs: 10_000, memberReserve: 1, anonymousMinimum: 0 });
    const anonymous = [gate.tryAcquire('anonymous'), gate.tryAcquire('anonymous')];
    expect(anonymous.every((release) => typeof release === 'function')).toBe(true);
    expect(gate.tryAcquire('anonymous')).toBeNull();
    const member = gate.tryAcquire('member');
    expect(member).toBeTypeOf('function');
    const order: string[] = [];
    const queuedAnonymous = gate.acquire('anonymous').then((release) => (order.push('anonymous'), release));
    const queuedMember = gate.acquire('member').then((release) => (order.push('member'), release));
    member!();
    (await queuedMember)!();
    anonymous[0]!();
    (await queuedAnonymous)!();
    expect(order).toEqual(['member', 'anonymous']);
  });

  it('members take the overflow slots beyond maxInFlight while anonymous renders keep their bound and queue', async () => {
    const gate = new RenderGate({
      maxInFlight: 2,
      maxQueued: 8,
      maxWaitMs: 10_000,
      memberReserve: 1,
      anonymousMinimum: 1,
      memberOverflow: 3,
    });
    const anonymous = gate.tryAcquire('anonymous');
    expect(anonymous).toBeTypeOf('function');
    // The anonymous bound (maxInFlight − memberReserve) is reached; members go on to 2 + 3 renders in all.
    expect(gate.tryAcquire('anonymous')).toBeNull();
    const members = [1, 2, 3, 4].map(() => gate.tryAcquire('member'));
    expect(members.every((release) => typeof release === 'function')).toBe(true);
    expect(gate.stats().inFlight).toEqual({ member: 4, anonymous: 1 });
    expect(gate.tryAcquire('member')).toBeNull();
    // Anonymous work waits; a member arriving now waits too, and gets the first slot freed.
    const order: string[] = [];
    const queuedAnonymous = gate.acquire('anonymous').then((release) => (order.push('anonymous'), release));
    const queuedMember = gate.acquire('member').then((release) => (order.push('member'), release));
    members[0]!();
    (await queuedMember)!();
    expect(order).toEqual(['member']);
    // Members' slots freed: anonymous renders start again only below their own bound.
    for (const release of members.slice(1)) release!();
    expect(gate.stats().queued.anonymous).toBe(1);
    anonymous!();
    (await queuedAnonymous)!();
    expect(order).toEqual(['member', 'anonymous']);
    expect(gate.stats().shed).toEqual({ member: 0, anonymous: 0 });
  });

  it('by default members may hold several times the renders anonymous visitors may', () => {
    const limit = defaultRenderLimit(2);
    expect(limit.maxInFlight + (limit.memberOverflow ?? 0)).toBeGreaterThanOrEqual(4 * (limit.maxInFlight - limit.memberReserve));
  });
});
