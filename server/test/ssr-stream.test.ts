/**
 * A rendered page goes out in as few HTTP chunks as React's flush passes, not one per
 * small piece React writes; the shell still goes out before a slow part of the page, and a browser
 * that leaves stops the render.
 */
import { connect } from 'node:net';
import { Suspense, createElement, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RenderResult, Renderer } from '../src/render/renderer';
import { listenPortal, listenTestBackend, type ListeningBackend, type ListeningPortal } from './portal-fixture';

let backend: ListeningBackend;

beforeAll(async () => {
  backend = await listenTestBackend({ projects: 5, tenders: 5, captchaEnabled: false });
});

afterAll(() => backend.close());

let portal: ListeningPortal | undefined;

afterEach(() => {
  portal?.close();
  portal = undefined;
});

/** A page of `rows` list items, with an optional part that waits for `later` (a Suspense boundary). */
function page(rows: number, later?: Promise<string>) {
  const items = Array.from({ length: rows }, (_, i) => createElement('li', { key: i }, `第 ${i} 条 招标公告 `.repeat(3)));
  const Later = () => createElement('p', null, use(later ?? Promise.resolve('')));
  return createElement(
    'html',
    null,
    createElement(
      'body',
      null,
      createElement('ul', null, items),
      later ? createElement(Suspense, { fallback: createElement('p', null, '加载中') }, createElement(Later)) : null,
    ),
  );
}

function rendererOf(element: () => ReturnType<typeof page>, onAbort?: () => void): Renderer {
  return {
    render: () =>
      new Promise<RenderResult>((resolve, reject) => {
        let errored = false;
        const stream = renderToPipeableStream(element(), {
          onShellReady: () => resolve({ type: 'html', status: 200, stream, hadErrors: () => errored }),
          onShellError: reject,
          onError: () => {
            errored = true;
            onAbort?.();
          },
        });
      }),
    assets: { css: [], bootstrapModule: '/dist/entry.js' },
  };
}

async function startPortal(renderer: Renderer): Promise<number> {
  portal = await listenPortal({ backendURL: backend.url, renderer });
  return portal.port;
}

/** The response's HTTP chunks as they arrive (chunked transfer encoding, parsed by hand). */
function chunksOf(port: number, path: string, onChunk: (text: string) => void = () => undefined): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    let raw = Buffer.alloc(0);
    let bodyAt = -1;
    const chunks: string[] = [];
    socket.on('data', (data: Buffer) => {
      raw = Buffer.concat([raw, data]);
      if (bodyAt < 0) {
        const end = raw.indexOf('\r\n\r\n');
        if (end < 0) return;
        bodyAt = end + 4;
      }
      for (;;) {
        const lineEnd = raw.indexOf('\r\n', bodyAt);
        if (lineEnd < 0) return;
        const size = parseInt(raw.subarray(bodyAt, lineEnd).toString('latin1'), 16);
        if (raw.length < lineEnd + 2 + size + 2) return;
        if (size === 0) return resolve(chunks);
        const text = raw.subarray(lineEnd + 2, lineEnd + 2 + size).toString('utf8');
        chunks.push(text);
        onChunk(text);
        bodyAt = lineEnd + 2 + size + 2;
      }
    });
    socket.on('error', reject);
  });
}

describe('rendered pages on the wire', () => {
  it('a page rendered in one pass is one HTTP chunk, complete', async () => {
    const port = await startPortal(rendererOf(() => page(1000)));
    const chunks = await chunksOf(port, '/');
    // ~100 KB of HTML, which React writes as 25 or more pieces.
    expect(chunks.join('').length).toBeGreaterThan(40_000);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toContain('第 999 条');
    expect(chunks[0]).toMatch(/<\/html>$/);
  });

  it('the shell goes out before a part that is still loading, which follows when ready', async () => {
    let ready: (text: string) => void = () => undefined;
    const later = new Promise<string>((resolve) => (ready = resolve));
    const port = await startPortal(rendererOf(() => page(50, later)));
    const seen: string[] = [];
    const done = chunksOf(port, '/', (text) => {
      seen.push(text);
      if (seen.length === 1) setTimeout(() => ready('晚到的内容'), 50);
    });
    const chunks = await done;
    expect(chunks[0]).toContain('第 49 条');
    expect(chunks[0]).toContain('加载中');
    expect(chunks[0]).not.toContain('晚到的内容');
    expect(chunks.slice(1).join('')).toContain('晚到的内容');
  });

  it('a browser that leaves during a render stops it', async () => {
    let aborted = false;
    const port = await startPortal(
      rendererOf(
        () => page(10, new Promise<string>(() => undefined)),
        () => (aborted = true),
      ),
    );
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.once('data', () => {
        socket.destroy();
        resolve();
      });
    });
    for (let i = 0; i < 100 && !aborted; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(aborted).toBe(true);
  });
});
