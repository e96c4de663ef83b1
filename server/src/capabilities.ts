/**
 * What the backend offers beyond spec §7 (issue 12's design rule), asked once and kept: the first
 * render waits for the answer (briefly), later ones read the kept list while it is refreshed in the
 * background every few minutes. A backend without the call (the production Java CMS answers 404 or
 * a non-200 envelope) offers nothing; one that cannot be reached keeps the last list known (none at
 * first) and is asked again sooner. Never an error: the pages just show less.
 */
import type { Agent } from 'node:http';
import { request } from 'node:http';
import { ENDPOINTS } from '@shared/contract/endpoints';

export const CAPABILITIES_REFRESH_MS = 5 * 60_000;
/** After a failed call: soon, so a backend still starting up is not taken for a spec-only one for long. */
const RETRY_MS = 15_000;
const TIMEOUT_MS = 2_000;
const MAX_BODY = 16_384;

type Answer = { kind: 'list'; names: string[] } | { kind: 'unreachable' };

function ask(backendURL: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(new URL(ENDPOINTS.capabilities.path, backendURL), { agent, timeout: TIMEOUT_MS }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += body.length < MAX_BODY ? chunk : ''));
      res.on('end', () => {
        // Any answer that is not a list in a 200 envelope: the backend does not have the call.
        if (res.statusCode !== 200) return resolve({ kind: 'list', names: [] });
        try {
          const parsed = JSON.parse(body) as { code?: unknown; data?: unknown };
          const data = parsed.code === 200 && Array.isArray(parsed.data) ? parsed.data : [];
          resolve({ kind: 'list', names: data.filter((name): name is string => typeof name === 'string' && /^\w{1,40}$/.test(name)) });
        } catch {
          resolve({ kind: 'list', names: [] });
        }
      });
      res.on('error', () => resolve({ kind: 'unreachable' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ kind: 'unreachable' }));
    req.end();
  });
}

export interface CapabilitiesOptions {
  backendURL: string;
  agent: Agent;
  refreshMs?: number;
  now?: () => number;
}

export class BackendCapabilities {
  private names: readonly string[] = [];
  private nextAskAt = 0;
  private asked = false;
  private pending: Promise<void> | null = null;

  constructor(private readonly opts: CapabilitiesOptions) {}

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
    this.pending ??= ask(this.opts.backendURL, this.opts.agent)
      .then((answer) => {
        const now = (this.opts.now ?? Date.now)();
        if (answer.kind === 'list') this.names = Object.freeze([...new Set(answer.names)].sort());
        this.nextAskAt = now + (answer.kind === 'list' ? (this.opts.refreshMs ?? CAPABILITIES_REFRESH_MS) : RETRY_MS);
        this.asked = true;
      })
      .finally(() => {
        this.pending = null;
      });
    return this.pending;
  }
}
