import { readdirSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { RequestHandler } from 'express';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};
/** Preferred first: brotli is ~15 % smaller than gzip for our bundles. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Every file below `dir`, as URL paths (`/images/a.png`). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/')}`);
  } catch {
    return [];
  }
}

/**
 * Serves the build's `.br`/`.gz` twins of scripts and stylesheets (written by vite.config.ts) to
 * browsers that accept them, by pointing the request at the twin before `express.static` (mounted
 * on the same `dir`) answers it with the original's type. The file list is read once: the build
 * does not change under a running server.
 */
export function precompressed(dir: string): RequestHandler {
  const files = new Set(filesUnder(dir));
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const type = TYPES[extname(req.path)];
    if (!type || !files.has(req.path)) return next();
    const twin = ENCODINGS.find((e) => files.has(req.path + e.suffix));
    if (!twin) return next();
    res.vary('Accept-Encoding');
    // Express's negotiation reads q-values, wildcards and a named refusal that overrides `*`. Each
    // encoding is asked on its own, in our order: browsers list gzip first at the same q, and
    // brotli is the smaller file.
    const encoding = ENCODINGS.find((e) => files.has(req.path + e.suffix) && req.acceptsEncodings(e.name) === e.name);
    if (!encoding) return next();
    res.set({ 'Content-Type': type, 'Content-Encoding': encoding.name });
    req.url = req.path + encoding.suffix;
    next();
  };
}

/**
 * `serve` for the files that were in `dir` when the server started, and nothing else: a page path
 * such as `/zb/123` skips the file system instead of costing a `stat` that fails, which was ~6 % of
 * a rendered detail page's CPU and ran before every cache hit too.
 */
export function knownFilesOnly(dir: string, serve: RequestHandler): RequestHandler {
  const files = new Set(filesUnder(dir));
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}
