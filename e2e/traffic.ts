/**
 * Background traffic for the fault tests: a few loops of requests against a portal, each outcome
 * recorded with its timing, so a test can say what happened to the requests in flight when it
 * killed something.
 */
export interface TrafficRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Outcome {
  request: TrafficRequest;
  startedAt: number;
  endedAt: number;
  status?: number;
  /** Set when no complete answer arrived: the connection was refused, reset or cut short. */
  error?: string;
  body?: string;
}

export interface Traffic {
  outcomes: Outcome[];
  /** How long the oldest request still awaiting its answer has been under way (0: none is). */
  oldestPendingMs(): number;
  stop(): Promise<Outcome[]>;
}

export function startTraffic(baseUrl: string, next: (i: number) => TrafficRequest, concurrency = 8): Traffic {
  const outcomes: Outcome[] = [];
  let running = true;
  let counter = 0;
  const pending = new Set<number>();
  const startedAtOf = new Map<number, number>();
  const loop = async () => {
    while (running) {
      const request = next(counter++);
      const startedAt = Date.now();
      const mark = counter;
      pending.add(mark);
      startedAtOf.set(mark, startedAt);
      try {
        const res = await fetch(baseUrl + request.path, {
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body,
          signal: AbortSignal.timeout(20_000),
        });
        const body = await res.text();
        outcomes.push({ request, startedAt, endedAt: Date.now(), status: res.status, body });
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push({ request, startedAt, endedAt: Date.now(), error: cause?.code ?? cause?.message ?? String(error) });
        // A refused connection answers at once; do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        pending.delete(mark);
        startedAtOf.delete(mark);
      }
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    outcomes,
    oldestPendingMs() {
      const oldest = Math.min(...[...pending].map((mark) => startedAtOf.get(mark) ?? Infinity));
      return Number.isFinite(oldest) ? Date.now() - oldest : 0;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
