/**
 * The server's series for `GET /metrics` (@portal/metrics; docs/reliability.md "What to watch"):
 * requests per route group, renders in flight and queued, renders shed, render-cache results, and
 * every call to the backend with its latency. One registry per app; with WEB_CONCURRENCY > 1 each
 * worker's is summed into the one scrape (scale/cluster.ts, index.ts).
 */
import { subscribe } from 'node:diagnostics_channel';
import type { Agent, ClientRequest, IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { LATENCY_BUCKETS, OTHER_ROUTE, requestMetrics } from '@portal/metrics';
import { FEED_PORTAL_ROUTE } from '@shared/alerts/feeds';
import { matchRoute } from '@shared/routes';
import type { RenderGate } from '../render/gate';
import { contractEndpointOf } from '../upstream/contract-paths';

export class ServerMetrics {
  readonly registry = new Registry();
  /**
   * Renders refused at the gate (queue full, pushed out, waited too long), by priority and by what
   * the visitor got instead: `stale` (a stale cached copy) or `unavailable` (503 with Retry-After).
   */
  readonly rendersShed = new Counter({
    name: 'portal_renders_shed_total',
    help: 'Page renders refused by the render gate, by priority and answer (stale copy or 503)',
    labelNames: ['priority', 'answer'] as const,
    registers: [this.registry],
  });
  readonly renderCache = new Counter({
    name: 'portal_render_cache_total',
    help: 'Anonymous page requests by render-cache result (hit, stale, miss)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly backendCalls = new Counter({
    name: 'portal_backend_requests_total',
    help: 'Calls to the backend (proxy, renders, own calls) by contract endpoint and status (`error`: no answer)',
    labelNames: ['route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly backendLatency = new Histogram({
    name: 'portal_backend_request_duration_seconds',
    help: 'Time from sending a backend call to its answer’s headers, by contract endpoint',
    labelNames: ['route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private readonly gates = new Set<RenderGate>();

  constructor() {
    const gates = this.gates;
    const gauges = [
      ['portal_renders_in_flight', 'Page renders running, by priority (member, anonymous)', 'inFlight'],
      ['portal_renders_queued', 'Page renders waiting for a slot at the render gate, by priority', 'queued'],
    ] as const;
    for (const [name, help, of] of gauges) {
      new Gauge({
        name,
        help,
        labelNames: ['priority'] as const,
        registers: [this.registry],
        collect() {
          const total = { member: 0, anonymous: 0 };
          for (const gate of gates) {
            const counts = gate.stats()[of];
            total.member += counts.member;
            total.anonymous += counts.anonymous;
          }
          this.set({ priority: 'member' }, total.member);
          this.set({ priority: 'anonymous' }, total.anonymous);
        },
      });
    }
  }

  /** `http_requests_total` and `http_request_duration_seconds` by serverRouteGroup. */
  requests(product: string): RequestHandler {
    return requestMetrics(this.registry, (req) => serverRouteGroup(req, product));
  }

  /** Report this gate's renders in flight and queued. */
  watchRenderGate(gate: RenderGate): void {
    this.gates.add(gate);
  }

  /** Count and time every HTTP request that goes out through `agent` (the backend's keep-alive agent). */
  watchBackend(agent: Agent, basePath: string): void {
    watchOutgoing();
    watchedAgents.set(agent, { metrics: this, basePath });
  }

  /** @internal diagnostics_channel's side (watchOutgoing below). */
  recordBackendCall(route: string, status: string, seconds: number | null): void {
    this.backendCalls.inc({ route, status });
    if (seconds !== null) this.backendLatency.observe({ route }, seconds);
  }
}

// ---- route groups ------------------------------------------------------------------------------

const pathOf = (url: string) => url.split('?', 1)[0] ?? '/';

/**
 * The route group of a request to the server, from its path: `api:<endpoint>` for the API prefix
 * (the contract's endpoint name), `page:<route pattern>` for pages (`page:/zb/:id`), and a few
 * fixed ones — never the raw URL, so there are as many series as routes.
 */
export function serverRouteGroup(req: Request, product: string): string {
  const path = pathOf(req.originalUrl);
  const prefix = `/${product}`;
  if (path === '/healthz') return 'healthz';
  if (path.startsWith('/dist/')) return 'asset';
  if (path === prefix || path.startsWith(`${prefix}/`)) {
    return `api:${contractEndpointOf(req.method, path.slice(prefix.length)) ?? OTHER_ROUTE}`;
  }
  if (path.startsWith(FEED_PORTAL_ROUTE.slice(0, FEED_PORTAL_ROUTE.indexOf(':')))) return 'feed';
  const route = matchRoute(path);
  return route ? `page:${route.route.path}` : OTHER_ROUTE;
}

// ---- backend calls through diagnostics_channel ----------------------------------------------------

/** Agents whose requests are counted, and for which app. */
const watchedAgents = new WeakMap<Agent, { metrics: ServerMetrics; basePath: string }>();
const started = new WeakMap<ClientRequest, { at: bigint; route: string; metrics: ServerMetrics }>();

function backendRoute(request: ClientRequest, basePath: string): string {
  const path = pathOf(request.path);
  const relative = basePath && path.startsWith(basePath) ? path.slice(basePath.length) : path;
  return contractEndpointOf(request.method, relative) ?? OTHER_ROUTE;
}

let watching = false;

/** Node's own HTTP client channels see every call, the proxy's, the renders' (axios) and our own alike. */
function watchOutgoing(): void {
  if (watching) return;
  watching = true;
  subscribe('http.client.request.start', (message) => {
    const { request } = message as { request: ClientRequest };
    const agent = (request as ClientRequest & { agent?: Agent }).agent;
    const watched = agent && watchedAgents.get(agent);
    if (!watched) return;
    started.set(request, { at: process.hrtime.bigint(), route: backendRoute(request, watched.basePath), metrics: watched.metrics });
  });
  subscribe('http.client.response.finish', (message) => {
    const { request, response } = message as { request: ClientRequest; response: IncomingMessage };
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    call.metrics.recordBackendCall(call.route, String(response.statusCode ?? 0), Number(process.hrtime.bigint() - call.at) / 1e9);
  });
  subscribe('http.client.request.error', (message) => {
    const { request } = message as { request: ClientRequest };
    const call = started.get(request);
    if (!call) return;
    started.delete(request);
    call.metrics.recordBackendCall(call.route, 'error', null);
  });
}
