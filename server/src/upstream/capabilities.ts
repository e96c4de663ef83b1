/**
 * What the backend offers beyond spec §7, asked once and kept: the first
 * render waits for the answer (briefly), later ones read the kept list while it is refreshed in the
 * background every few minutes. A backend without the call (the production Java CMS answers 404 or
 * a non-200 envelope) offers nothing; one that cannot be reached keeps the last list known (none at
 * first) and is asked again sooner. Never an error: the pages just show less.
 *
 * An extensions' backend of its own (EXT_BACKEND_URL, upstream/backends.ts) that cannot be reached
 * offers nothing at once (`unreachableMeansNone`): the pages hide its features exactly as against a
 * CMS without them, rather than show links whose calls fail. It is asked again every RETRY_MS, and
 * at once when a connection to it breaks (`askSoon`), so the features come back within seconds of it.
 */
import { ENDPOINTS } from '@shared/contract/endpoints';
import { BackendError, parseEnvelope } from './backend-client';
import type { BackendCalls } from './backends';

export const CAPABILITIES_REFRESH_MS = 5 * 60_000;
/** After a failed call: soon, so a backend still starting up is not taken for a spec-only one for long. */
export const CAPABILITIES_RETRY_MS = 15_000;
const TIMEOUT_MS = 2_000;
const MAX_BODY = 16_384;

type Answer = { kind: 'list'; names: string[] } | { kind: 'unreachable' };

async function ask(backend: BackendCalls): Promise<Answer> {
  try {
    const answer = await backend.call({
      path: ENDPOINTS.capabilities.path,
      headers: { accept: 'application/json' },
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_BODY,
    });
    // Any answer that is not a list in a 200 envelope: the backend does not have the call.
    const body = answer.status === 200 ? parseEnvelope(answer.bytes) : null;
    const data = body?.code === 200 && Array.isArray(body.data) ? (body.data as unknown[]) : [];
    return { kind: 'list', names: data.filter((name): name is string => typeof name === 'string' && /^\w{1,40}$/.test(name)) };
  } catch (error) {
    // Too large is an answer (not a list); no answer at all means ask again soon.
    if (error instanceof BackendError && error.failure === 'too-large') return { kind: 'list', names: [] };
    if (error instanceof BackendError) return { kind: 'unreachable' };
    throw error;
  }
}

export interface CapabilitiesOptions {
  backend: BackendCalls;
  refreshMs?: number;
  /** After an unreachable answer (default CAPABILITIES_RETRY_MS). */
  retryMs?: number;
  /** An unreachable backend offers nothing (instead of keeping the last list). */
  unreachableMeansNone?: boolean;
  /** Called after the list changed (the render cache drops pages rendered with the old one). */
  onChange?: (names: readonly string[]) => void;
  now?: () => number;
}

export class BackendCapabilities {
  private names: readonly string[] = [];
  private nextAskAt = 0;
  private asked = false;
  private pending: Promise<void> | null = null;

  constructor(private readonly opts: CapabilitiesOptions) {}

  /** Asks again now, in the background: a connection to the backend broke, it may be gone. */
  askSoon(): void {
    this.nextAskAt = 0;
    this.refresh().catch(() => undefined);
  }

  /** The backend's features; the first call waits for its answer, later ones never wait. */
  async current(): Promise<readonly string[]> {
    const now = (this.opts.now ?? Date.now)();
    if (now >= this.nextAskAt) {
      const asking = this.refresh();
      if (!this.asked) await asking;
    }
    return this.names;
  }

  private refresh(): Promise<void> {
    this.pending ??= ask(this.opts.backend)
      .then((answer) => {
        const now = (this.opts.now ?? Date.now)();
        const names = answer.kind === 'list' ? [...new Set(answer.names)].sort() : this.opts.unreachableMeansNone ? [] : this.names;
        const changed = names.join() !== this.names.join();
        this.names = Object.freeze([...names]);
        this.nextAskAt =
          now + (answer.kind === 'list' ? (this.opts.refreshMs ?? CAPABILITIES_REFRESH_MS) : (this.opts.retryMs ?? CAPABILITIES_RETRY_MS));
        if (changed && this.asked) this.opts.onChange?.(this.names);
        this.asked = true;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
