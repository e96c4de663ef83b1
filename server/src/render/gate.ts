/**
 * A bound on page renders in flight, members first. A render costs milliseconds of CPU and several
 * backend calls; without a bound, 40 clients asking for uncached pages slowed every answer of the
 * process, `/healthz` to 2.4 s. Renders beyond `maxInFlight` wait in a short queue, and under
 * overload the gate decides who waits and who is refused:
 *
 * - A member's render (a request with a session: never cached, the paying visitor) goes before any
 *   anonymous one: members are granted a freed slot first, have `memberOverflow` slots of their own
 *   beyond `maxInFlight`, anonymous renders leave `memberReserve` slots free for them, and a member
 *   who finds the queue full takes the place of the oldest anonymous waiter. A member is refused
 *   only when every waiter is a member.
 * - Members first, not members only: while fewer than `anonymousMinimum` anonymous renders run,
 *   one may take any free slot, and a freed slot goes to the longest-waiting anonymous one. One
 *   anonymous render fills the render cache for every visitor after it; starved of slots by
 *   members, a page nobody has a copy of would be refused to all of them.
 * - Anonymous renders wait first come first served; one that finds the queue full pushes out the
 *   oldest anonymous waiter (who has waited longest and is likeliest to have given up), so those
 *   served under overload waited as little as the queue allows.
 * - Whoever waits longer than `maxWaitMs` is refused too. A refused request gets a stale copy of its
 *   page when the render cache has one, else 503 with Retry-After (render/ssr.ts).
 *
 * Only renders pass the gate: `/healthz`, static assets, the API proxy and cached pages never
 * wait behind it (app.ts mounts them before the pages; render/ssr.ts asks the cache first).
 * `stats()` is what operators read of it (renders in flight, queued, refused).
 */
import { availableParallelism } from 'node:os';
import { UPSTREAM_TIMEOUT_MS } from '../upstream/backend-client';

export interface RenderLimit {
  /** Renders at once; about twice the cores, so backend waits overlap without starving the loop. */
  maxInFlight: number;
  /**
   * Renders waiting for a slot, members and anonymous together; beyond this a request is refused
   * (or pushes out an anonymous waiter). A waiting request costs a socket and a closure, not CPU:
   * the queue is what absorbs a burst, the deadline what ends it.
   */
  maxQueued: number;
  /** How long a render may wait for a slot before it is refused. */
  maxWaitMs: number;
  /** Slots anonymous renders leave free, so a member's render starts at once (at most maxInFlight − 1). */
  memberReserve: number;
  /** Anonymous renders that may run whatever members wait (any free slot, ahead of waiting members). */
  anonymousMinimum: number;
  /**
   * Slots beyond `maxInFlight` that only members' renders take (an anonymous one below its minimum
   * too). A render spends most of its time waiting on backend calls, not on this thread's CPU: under
   * load a member's render takes a second or more, and with `maxInFlight` slots alone members queued
   * until they were refused. Members are few (logged in) and never cached; anonymous renders keep
   * their bound.
   */
  memberOverflow?: number;
}

export function defaultRenderLimit(cores = availableParallelism()): RenderLimit {
  // Waiting longer than any backend call may take (14 s) helps nobody: the browser is about to give up.
  return {
    maxInFlight: 2 * cores,
    maxQueued: 32 * cores,
    maxWaitMs: UPSTREAM_TIMEOUT_MS,
    memberReserve: 1,
    anonymousMinimum: 1,
    memberOverflow: 6 * cores,
  };
}

/** Who a render is for: a request with a member session, or anyone else (crawlers included). */
export type RenderPriority = 'member' | 'anonymous';

/** Gives the slot back; calling it again does nothing. */
export type Release = () => void;

type PerPriority = Record<RenderPriority, number>;

/** A snapshot of the gate, for metrics: read-only, cheap, no side effect. */
export interface RenderGateStats {
  /** Renders holding a slot now. */
  inFlight: PerPriority;
  /** Requests waiting for a slot now. */
  queued: PerPriority;
  /** Since start: requests refused a slot (queue full, pushed out, waited too long); a browser that left is not counted. */
  shed: PerPriority;
  /** Since start: slots granted, i.e. renders started. */
  started: number;
}

interface Waiter {
  priority: RenderPriority;
  grant: (release: Release | null) => void;
}

export class RenderGate {
  private readonly inFlight: PerPriority = { member: 0, anonymous: 0 };
  private readonly shed: PerPriority = { member: 0, anonymous: 0 };
  private readonly queues: Record<RenderPriority, Waiter[]> = { member: [], anonymous: [] };
  private started = 0;
  /** Slots anonymous renders may hold together. */
  private readonly anonymousSlots: number;

  constructor(private readonly limit: RenderLimit) {
    this.anonymousSlots = Math.max(1, limit.maxInFlight - Math.max(0, limit.memberReserve));
  }

  stats(): RenderGateStats {
    return {
      inFlight: { ...this.inFlight },
      queued: { member: this.queues.member.length, anonymous: this.queues.anonymous.length },
      shed: { ...this.shed },
      started: this.started,
    };
  }

  /** A slot now, or null when none is free; never waits, never counts as shed. */
  tryAcquire(priority: RenderPriority): Release | null {
    return this.hasRoom(priority) ? this.take(priority) : null;
  }

  /**
   * A slot for one render, or null when there is none to be had: the queue is full of requests
   * that go first, a member or a newer request took this one's place, it waited too long, or
   * `signal` aborted while waiting (the browser left).
   */
  acquire(priority: RenderPriority, signal?: AbortSignal): Promise<Release | null> {
    if (signal?.aborted) return Promise.resolve(null);
    if (this.hasRoom(priority)) return Promise.resolve(this.take(priority));
    if (this.queues.member.length + this.queues.anonymous.length >= this.limit.maxQueued) {
      const pushedOut = this.queues.anonymous.shift();
      if (!pushedOut) {
        this.shed[priority]++;
        return Promise.resolve(null);
      }
      this.shed.anonymous++;
      pushedOut.grant(null);
    }
    return new Promise((resolve) => {
      const queue = this.queues[priority];
      const settle = (release: Release | null) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', leave);
        resolve(release);
      };
      const remove = () => {
        const at = queue.indexOf(waiter);
        if (at !== -1) queue.splice(at, 1);
      };
      const leave = () => {
        remove();
        settle(null);
      };
      const waiter: Waiter = { priority, grant: settle };
      const timer = setTimeout(() => {
        this.shed[priority]++;
        leave();
      }, this.limit.maxWaitMs);
      signal?.addEventListener('abort', leave, { once: true });
      queue.push(waiter);
    });
  }

  private hasRoom(priority: RenderPriority): boolean {
    const active = this.inFlight.member + this.inFlight.anonymous;
    if (active >= this.limit.maxInFlight + (this.limit.memberOverflow ?? 0)) return false;
    if (priority === 'member') return true;
    // Below its minimum an anonymous render may take any free slot, a reserved or overflow one too.
    return active < this.anonymousSlots || this.inFlight.anonymous < this.limit.anonymousMinimum;
  }

  private take(priority: RenderPriority): Release {
    this.inFlight[priority]++;
    this.started++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight[priority]--;
      this.grantWaiting();
    };
  }

  /** Freed slots go to waiting members first, then to the longest-waiting anonymous renders. */
  private grantWaiting(): void {
    for (let next = this.nextToGrant(); next; next = this.nextToGrant()) next.grant(this.take(next.priority));
  }

  private nextToGrant(): Waiter | undefined {
    const anonymous = this.queues.anonymous.length > 0 && this.hasRoom('anonymous');
    if (anonymous && this.inFlight.anonymous < this.limit.anonymousMinimum) return this.queues.anonymous.shift();
    if (this.queues.member.length > 0 && this.hasRoom('member')) return this.queues.member.shift();
    return anonymous ? this.queues.anonymous.shift() : undefined;
  }
}

/** What a refused render tells the browser (and crawlers) to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;
