/**
 * A bound on page renders in flight. A render costs tens of milliseconds of CPU
 * and several backend calls; without a bound, 40 clients asking for uncached pages slowed every
 * answer of the process, `/healthz` to 2.4 s. Renders beyond `maxInFlight` wait in a short queue,
 * first come first served; a request that finds the queue full, or waits longer than
 * `maxWaitMs`, is refused at once (render/ssr.ts answers 503 with Retry-After) instead of piling up.
 *
 * Only renders pass the gate: `/healthz`, static assets, the API proxy and cached pages never
 * wait behind it (app.ts mounts them before the pages; render/ssr.ts asks the cache first).
 */
import { availableParallelism } from 'node:os';
import { UPSTREAM_TIMEOUT_MS } from '../upstream/backend-client';

export interface RenderLimit {
  /** Renders at once; about twice the cores, so backend waits overlap without starving the loop. */
  maxInFlight: number;
  /**
   * Renders waiting for a slot; beyond this a request is refused at once. A waiting request costs
   * a socket and a closure, not CPU: the queue is what absorbs a burst, the deadline what ends it.
   */
  maxQueued: number;
  /** How long a render may wait for a slot before it is refused. */
  maxWaitMs: number;
}

export function defaultRenderLimit(cores = availableParallelism()): RenderLimit {
  // Waiting longer than any backend call may take (14 s) helps nobody: the browser is about to give up.
  return { maxInFlight: 2 * cores, maxQueued: 32 * cores, maxWaitMs: UPSTREAM_TIMEOUT_MS };
}

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

interface Waiter {
  grant: (release: Release | null) => void;
}

export class RenderGate {
  private active = 0;
  private readonly queue: Waiter[] = [];

  constructor(private readonly limit: RenderLimit) {}

  get stats(): { active: number; queued: number } {
    return { active: this.active, queued: this.queue.length };
  }

  /**
   * A slot for one render, or null when there is none to be had (queue full, waited too long, or
   * `signal` aborted while waiting: the browser left).
   */
  acquire(signal?: AbortSignal): Promise<Release | null> {
    if (this.active < this.limit.maxInFlight) {
      this.active++;
      return Promise.resolve(this.releaser());
    }
    if (this.queue.length >= this.limit.maxQueued || signal?.aborted) return Promise.resolve(null);
    return new Promise((resolve) => {
      const leave = () => {
        const at = this.queue.indexOf(waiter);
        if (at !== -1) this.queue.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', leave);
        resolve(null);
      };
      const waiter: Waiter = {
        grant: (release) => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', leave);
          resolve(release);
        },
      };
      const timer = setTimeout(leave, this.limit.maxWaitMs);
      signal?.addEventListener('abort', leave, { once: true });
      this.queue.push(waiter);
    });
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the longest waiter: `active` stays as it is.
      const next = this.queue.shift();
      if (next) next.grant(this.releaser());
      else this.active--;
    };
  }
}

/** What a refused render tells the browser (and crawlers) to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;
