/**
 * Renders in flight are bounded. Past the bound requests wait in a short queue;
 * past the queue (or the wait) they get 503 with Retry-After at once, and /healthz and static
 * files answer quickly all the while: they never wait behind renders.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RenderGate, type RenderLimit } from '../src/render/gate';
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

let portal: ListeningPortal | undefined;

afterEach(() => {
  portal?.close();
  portal = undefined;
});

async function startPortal(renderer: Renderer, renderLimit: RenderLimit): Promise<string> {
  portal = await listenPortal({ backendURL: backend.url, renderer, renderLimit });
  return portal.url;
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

async function timed(url: string) {
  const started = Date.now();
  const res = await fetch(url, { redirect: 'manual' });
  return { res, text: await res.text(), ms: Date.now() - started };
}

describe('renders in flight', () => {
  it('past the bound and the queue: 503 with Retry-After and the error page, while /healthz and static files answer at once', async () => {
    const pages = stalledRenderer();
    const url = await startPortal(pages.renderer, { maxInFlight: 2, maxQueued: 2, maxWaitMs: 30_000 });
    // Two render, two wait: every one a different URL, so the render cache could not help anyway.
    const held = [1, 2, 3, 4].map((n) => fetch(`${url}/xmk?pageNum=${n + 1}`, { redirect: 'manual' }));
    await until(() => pages.started() === 2);

    const refused = await timed(`${url}/zb?pageNum=9`);
    expect(refused.res.status).toBe(503);
    expect(refused.res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(refused.res.headers.get('content-type')).toContain('text/html');
    expect(refused.text).toContain('服务暂时不可用');
    expect(refused.ms).toBeLessThan(1_000);

    const health = await timed(`${url}/healthz`);
    expect(health.res.status).toBe(200);
    expect(health.ms).toBeLessThan(1_000);
    expect((await timed(`${url}/favicon.svg`)).res.status).toBe(200);
    expect(pages.started()).toBe(2);

    // As renders finish, the waiting requests take their slots, in turn; none is refused.
    pages.finish();
    await until(() => pages.started() === 4);
    pages.finish();
    expect((await Promise.all(held)).map((res) => res.status)).toEqual([302, 302, 302, 302]);
  });

  it('a request that waits longer than maxWaitMs is refused with 503', async () => {
    const pages = stalledRenderer();
    const url = await startPortal(pages.renderer, { maxInFlight: 1, maxQueued: 5, maxWaitMs: 200 });
    const held = fetch(`${url}/`, { redirect: 'manual' });
    await until(() => pages.started() === 1);
    const waited = await timed(`${url}/xmk`);
    expect(waited.res.status).toBe(503);
    expect(waited.ms).toBeGreaterThanOrEqual(150);
    pages.finish();
    expect((await held).status).toBe(302);
  });
});

describe('RenderGate', () => {
  it('gives a freed slot to the longest waiter, and a browser that left gives up its place', async () => {
    const gate = new RenderGate({ maxInFlight: 1, maxQueued: 3, maxWaitMs: 10_000 });
    const first = await gate.acquire();
    const leaving = new AbortController();
    const left = gate.acquire(leaving.signal);
    const second = gate.acquire();
    leaving.abort();
    expect(await left).toBeNull();
    expect(gate.stats).toEqual({ active: 1, queued: 1 });
    first!();
    first!();
    const next = await second;
    expect(next).toBeTypeOf('function');
    expect(gate.stats).toEqual({ active: 1, queued: 0 });
    next!();
    expect(gate.stats).toEqual({ active: 0, queued: 0 });
  });
});
