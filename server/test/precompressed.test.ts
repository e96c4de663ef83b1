/**
 * Scripts and stylesheets of the build go out compressed once at build time: brotli or gzip as
 * the browser accepts, with the original's type, and a Vary that keeps shared caches honest.
 */
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { knownFilesOnly, precompressed } from '../src/http/static-files';

const dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
const script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `项目${i}`))};\n`);
mkdirSync(join(dir, 'assets'));
writeFileSync(join(dir, 'assets/page-abc123.js'), script);
writeFileSync(join(dir, 'assets/page-abc123.js.br'), brotliCompressSync(script));
writeFileSync(join(dir, 'assets/page-abc123.js.gz'), gzipSync(script));
writeFileSync(join(dir, 'assets/tiny-abc123.js'), 'export {};\n');

const app = express();
app.use(
  '/dist',
  precompressed(dir),
  express.static(dir, {
    immutable: true,
    maxAge: '1y',
    index: false,
    fallthrough: false,
  }),
);

// The public files (favicon, images) as a production server mounts them; anything else is a page.
writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
app.use(knownFilesOnly(dir, express.static(dir, { maxAge: '1h', index: false })));
app.use((_req, res) => {
  res.status(200).type('text/plain').send('page');
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

let server: Server | undefined;

/** Status, headers and the bytes as sent (an HTTP client library would decompress them). */
async function raw(path: string, acceptEncoding?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  if (!server) {
    server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
  }
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = get(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

describe('precompressed assets', () => {
  it('are brotli for browsers that take it, with the script type and a year of caching', async () => {
    const res = await raw('/dist/assets/page-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
    expect(res.body.length).toBeLessThan(script.length / 2);
  });

  it('are gzip when brotli is not accepted, or refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const res = await raw('/dist/assets/page-abc123.js', accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(res.body).equals(script)).toBe(true);
    }
  });

  it('follow the q-values: a named refusal outweighs a wildcard, and a wildcard takes brotli', async () => {
    const encodingFor = async (accept: string) => (await raw('/dist/assets/page-abc123.js', accept)).headers['content-encoding'];
    expect(await encodingFor('br;q=0, *')).toBe('gzip');
    expect(await encodingFor('*;q=0.5, br;q=0')).toBe('gzip');
    expect(await encodingFor('gzip;q=0, br;q=0.0, *')).toBeUndefined();
    expect(await encodingFor('*')).toBe('br');
    expect(await encodingFor('GZIP;Q=0.3')).toBe('gzip');
    expect(await encodingFor('identity')).toBeUndefined();
  });

  it('are the plain file otherwise, still marked as varying by encoding', async () => {
    const res = await raw('/dist/assets/page-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(res.body.equals(script)).toBe(true);
  });

  it('leave files without a compressed twin, and missing files, to the static handler', async () => {
    const tiny = await raw('/dist/assets/tiny-abc123.js', 'br');
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(String(tiny.body)).toBe('export {};\n');
    expect((await raw('/dist/assets/missing.js', 'br')).status).toBe(404);
  });

  it('never serve a twin by its own name to a browser that did not ask for it', async () => {
    const res = await raw('/dist/assets/page-abc123.js.br');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('public files that existed at start are served; other paths go on to the pages', async () => {
    const icon = await raw('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(icon.body.toString()).toContain('<svg');
    expect((await raw('/zb/123')).body.toString()).toBe('page');
    // Added after start: the build's files are fixed, so this is a page path like any other.
    writeFileSync(join(dir, 'late.txt'), 'late');
    expect((await raw('/late.txt')).body.toString()).toBe('page');
  });
});
