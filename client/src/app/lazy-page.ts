import type { PageModule } from '../lib/page';

const RELOAD_FLAG = 'chunk-reload-at';

/**
 * spec §2: a failed code-chunk load reloads the page, which picks up the new deployment's assets.
 * Only once per minute, so a chunk that is really gone ends on the error page instead of looping.
 */
export function lazyPage(load: () => Promise<PageModule>): () => Promise<PageModule> {
  let cached: Promise<PageModule> | null = null;
  return () => {
    cached ??= load().catch((error: unknown) => {
      cached = null;
      if (typeof window !== 'undefined') {
        const last = Number(window.sessionStorage.getItem(RELOAD_FLAG) ?? 0);
        if (Date.now() - last > 60_000) {
          window.sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
          window.location.reload();
          return new Promise<PageModule>(() => {});
        }
      }
      throw error;
    });
    return cached;
  };
}
