/**
 * @portal/metrics: who may read /metrics, the exposition reader, and one scrape that sees every
 * cluster worker.
 */
import cluster, { type Worker } from 'node:cluster';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Counter, Registry } from 'prom-client';
import { afterAll, describe, expect, it } from 'vitest';
import { isLoopback, mayReadMetrics, parseExposition, sampleValue, serveClusterMetrics } from './index';

const requestFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('who may read /metrics', () => {
  it('knows loopback addresses, IPv4-mapped ones too', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isLoopback(address), address).toBe(true);
    for (const address of ['10.0.0.1', '203.0.113.5', '::ffff:10.0.0.1', '::2', '127.0.0.1.example', undefined]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });

  it('answers this machine, not another one, nor a request a proxy forwarded from 127.0.0.1', () => {
    expect(mayReadMetrics(requestFrom('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(requestFrom('203.0.113.5'), undefined)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }), undefined)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { forwarded: 'for=203.0.113.5' }), undefined)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { 'x-portal-client': '203.0.113.5' }), undefined, ['x-portal-client'])).toBe(false);
  });

  it('answers anyone with the token as bearer, and no one with a wrong one', () => {
    const token = 'a-metrics-token-of-some-length';
    expect(mayReadMetrics(requestFrom('203.0.113.5', { authorization: `Bearer ${token}` }), token)).toBe(true);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { 'x-forwarded-for': '1.2.3.4', authorization: `Bearer ${token}` }), token)).toBe(true);
    expect(mayReadMetrics(requestFrom('203.0.113.5', { authorization: `Bearer ${token}x` }), token)).toBe(false);
    expect(mayReadMetrics(requestFrom('127.0.0.1', { authorization: 'Bearer wrong' }), token)).toBe(false);
    expect(mayReadMetrics(requestFrom('203.0.113.5', { authorization: `Bearer ${token}` }), undefined)).toBe(false);
  });
});

describe('parseExposition', () => {
  it("reads prom-client's text back, labels escaped, and refuses what is not the format", async () => {
    const registry = new Registry();
    const counter = new Counter({ name: 'x_total', help: 'h', labelNames: ['route'] as const, registers: [registry] });
    counter.inc({ route: 'a "quoted" \\ route' }, 3);
    const parsed = parseExposition(await registry.metrics());
    expect(parsed.types.get('x_total')).toBe('counter');
    expect(sampleValue(parsed, 'x_total', { route: 'a "quoted" \\ route' })).toBe(3);
    expect(() => parseExposition('<html>not metrics</html>')).toThrow(/not a Prometheus text line/);
  });
});

describe('one scrape for every cluster worker', () => {
  const workers: Worker[] = [];
  afterAll(() => {
    for (const worker of workers) worker.kill();
  });

  it("answers with every worker's counts, whichever worker the scrape reached", async () => {
    serveClusterMetrics();
    cluster.setupPrimary({ exec: fileURLToPath(new URL('./test/cluster-worker.ts', import.meta.url)), execArgv: ['--import', 'tsx'] });
    const fork = (requests: number) =>
      new Promise<Worker>((resolve, reject) => {
        const worker = cluster.fork({ REQUESTS: String(requests) });
        workers.push(worker);
        worker.on('message', (message: { type?: string }) => {
          if (message.type === 'counted') resolve(worker);
        });
        worker.once('exit', (code) => reject(new Error(`worker exited (${code})`)));
      });
    const [first] = await Promise.all([fork(3), fork(4)]);
    const text = await new Promise<string>((resolve, reject) => {
      first!.on('message', (message: { type?: string; text?: string; error?: string }) => {
        if (message.type !== 'scraped') return;
        if (message.text === undefined) reject(new Error(message.error));
        else resolve(message.text);
      });
      first!.send({ type: 'scrape' });
    });
    expect(sampleValue(parseExposition(text), 'http_requests_total', { route: 'zbSearch' })).toBe(7);
  });
});
