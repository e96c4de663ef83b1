import type { PageModule } from '../lib/page';

const RELOAD_FLAG = 'chunk-reload-at';

/** A code chunk (a page, the member layout): loaded by the route loader before it renders. */
export interface LazyModule<T> {
  /** Loads the chunk; `targetHref` is where to go if it cannot be loaded (spec §2). */
  load(targetHref?: string): Promise<T>;
  /** The module once loaded (loaders run before rendering, and hydration waits for it). */
  loaded(): T | undefined;
}

export type LazyPage = LazyModule<PageModule>;

/**
 * spec §2: a failed code-chunk load makes the browser load the page it was going to, which picks
 * up the current deployment's assets. Once per minute at most, so a chunk that is really gone ends
 * on the error page instead of reloading in a loop.
 */
export function lazyModule<T>(importModule: () => Promise<T>): LazyModule<T> {
  let module: T | undefined;
  let pending: Promise<T> | null = null;
  return {
    loaded: () => module,
    load(targetHref) {
      pending ??= importModule().then(
        (m) => (module = m),
        (error: unknown) => {
          pending = null;
          if (typeof window === 'undefined') throw error;
          const last = Number(window.sessionStorage.getItem(RELOAD_FLAG) ?? 0);
          if (Date.now() - last < 60_000) throw error;
          window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
          window.location.assign(targetHref ?? window.location.href);
          return new Promise<T>(() => {});
        },
      );
      return pending;
    },
  };
}
