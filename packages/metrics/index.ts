/**
 * What an operator reads of the portal's two Node programs, the server and the embedded backend
 * (docs/reliability.md "What to watch"): `GET /metrics` in Prometheus' text format (prom-client),
 * the same process series in both (event-loop delay from perf_hooks.monitorEventLoopDelay, CPU,
 * memory, GC) and requests per route group.
 *
 * A package of its own (imported as `@portal/metrics`, tsconfig.base.json `paths`): both programs
 * use it and neither may import from the other, and it needs Node's APIs, which shared/ must not use.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, type Registry } from 'prom-client';

// ---- who may read /metrics ----------------------------------------------------------------------

/**
 * Headers a forwarding proxy adds. A request carrying one came from elsewhere, whatever its peer
 * address: a TLS proxy on the same machine connects from 127.0.0.1 on behalf of the whole internet.
 */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `/metrics` is answered to a caller on this machine that no proxy forwarded (`forwardedBy`: more
 * headers that mark a forwarded request), or to one presenting `token` as its bearer, compared in
 * constant time. Anyone else gets the program's ordinary 404: the path does not say it exists.
 */
export function mayReadMetrics(req: IncomingMessage, token: string | undefined, forwardedBy: readonly string[] = []): boolean {
  const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token !== undefined && bearer !== undefined) return timingSafeEqual(digest(bearer), digest(token));
  const forwarded = [...FORWARDING_HEADERS, ...forwardedBy].some((name) => req.headers[name] !== undefined);
  return !forwarded && isLoopback(req.socket.remoteAddress);
}

export interface MetricsRouteOptions {
  /** METRICS_TOKEN: a bearer that may read from anywhere; unset: this machine only. */
  token: string | undefined;
  /** More headers that mark a forwarded request (the backend: the portal proxy's client header). */
  forwardedBy?: readonly string[];
  /** The exposition: this process's registry, or a cluster's aggregate (clusterMetrics below). */
  read: () => Promise<{ contentType: string; text: string }>;
}

export const METRICS_PATH = '/metrics';

/** `GET /metrics`; a caller that may not read it falls through to the app's 404. */
export function metricsRoute(options: MetricsRouteOptions): RequestHandler {
  return async (req, res, next) => {
    if (!mayReadMetrics(req, options.token, options.forwardedBy)) return next();
    setRouteGroup(res, 'metrics');
    const { contentType, text } = await options.read();
    res.set({ 'Content-Type': contentType, 'Cache-Control': 'no-store' }).send(text);
  };
}

/** A registry's own exposition, for `read`. */
export function registryText(registry: Registry): () => Promise<{ contentType: string; text: string }> {
  return async () => ({ contentType: registry.contentType, text: await registry.metrics() });
}

// ---- process series --------------------------------------------------------------------------

const withProcessMetrics = new WeakSet<Registry>();

/**
 * CPU, memory, GC, handles and the event-loop delay (prom-client's monitorEventLoopDelay histogram,
 * reported and reset at each scrape: `nodejs_eventloop_lag_p99_seconds`, `…_max_seconds`) into
 * `registry`. The program's entry calls it once; an app alone (tests) reports without them.
 */
export function collectProcessMetrics(registry: Registry): void {
  if (withProcessMetrics.has(registry)) return;
  withProcessMetrics.add(registry);
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
}

// ---- requests per route group ----------------------------------------------------------------

/** Seconds: a cached page is ~1 ms, an API call ~10–300 ms, a render up to the 15 s budget. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']);
/** Route group of a request no handler named (unknown paths, refusals before routing). */
export const OTHER_ROUTE = 'other';

/**
 * Name the route group a request is answered under: the contract's endpoint name, a page's route
 * pattern — never the raw URL, so the series stay as few as the routes.
 */
export function setRouteGroup(res: Response, group: string): void {
  (res.locals as { routeGroup?: string }).routeGroup = group;
}

/**
 * `http_requests_total{route,method,status}` and `http_request_duration_seconds{route,method}`,
 * recorded when the answer has gone (or the client left: status then is what was set so far).
 * The route group is what a handler named (setRouteGroup), else `groupOf(req)`, else `other`.
 */
export function requestMetrics(registry: Registry, groupOf: (req: Request) => string = () => OTHER_ROUTE): RequestHandler {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route group, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the last byte of its answer, by route group and method',
    labelNames: ['route', 'method'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const route = (res.locals as { routeGroup?: string }).routeGroup ?? groupOf(req);
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      requests.inc({ route, method, status: String(res.statusCode) });
      latency.observe({ route, method }, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

// ---- one scrape for every cluster worker ---------------------------------------------------------

const ASK = 'portal:metrics-ask';
const ANSWER = 'portal:metrics-answer';
/** A worker that has not answered by then is left out of the primary's aggregate (prom-client: 5 s). */
const ASK_TIMEOUT_MS = 6_000;

interface Ask {
  type: typeof ASK;
  id: number;
}
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * The cluster's primary: answers a worker's ask with every worker's registry aggregated
 * (prom-client's AggregatorRegistry: counters and histograms summed, event-loop delay averaged,
 * its maximum the largest). Call once, before forking.
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Partial<Ask>) => {
    if (message.type !== ASK || typeof message.id !== 'number') return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id, error: String(error) } satisfies Answer),
    );
  });
}

let asks = 0;
const waiting = new Map<number, (answer: Answer) => void>();

/**
 * A cluster worker: `registry` is what this worker contributes to the aggregate, and the returned
 * `read` asks the primary for every worker's (serveClusterMetrics), whichever worker the scrape reached.
 */
export function clusterMetrics(registry: Registry): () => Promise<{ contentType: string; text: string }> {
  // Constructing one adds prom-client's listener that hands this worker's registries to the primary.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  process.on('message', (message: Partial<Answer>) => {
    if (message.type !== ANSWER || typeof message.id !== 'number') return;
    waiting.get(message.id)?.(message as Answer);
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = asks++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('metrics: the cluster primary did not answer'));
      }, ASK_TIMEOUT_MS);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        if (answer.text === undefined) reject(new Error(`metrics: ${answer.error ?? 'no aggregate'}`));
        else resolve({ contentType: registry.contentType, text: answer.text });
      });
      process.send?.({ type: ASK, id } satisfies Ask);
    });
}

// ---- reading an exposition (benches, tests) ---------------------------------------------------------

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  /** `# TYPE` of each metric family */
  types: Map<string, string>;
  samples: Sample[];
}

const SAMPLE_LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Prometheus' text format, as prom-client writes it; a line that is not of it throws. */
export function parseExposition(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE_LINE.exec(line);
    // Go's ParseFloat, which Prometheus reads with: ±Inf, and NaN in any case (prom-client writes `Nan`).
    const value = sample ? (/^nan$/i.test(sample[3]!) ? NaN : Number(sample[3]!.replace(/^([+-]?)inf$/i, '$1Infinity'))) : NaN;
    if (!sample || (Number.isNaN(value) && !/^nan$/i.test(sample[3]!))) throw new Error(`not a Prometheus text line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, raw] of (sample[2] ?? '').matchAll(LABEL))
      labels[name!] = raw!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: sample[1]!, labels, value });
  }
  return { types, samples };
}

/** The value of the sample named `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  return exposition.samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
}
