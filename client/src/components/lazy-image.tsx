/**
 * Images that load when they come near the viewport, with spec §9's numbers (vue-lazyload's
 * options in the original site): start at 1.33 viewport heights, two attempts, a 100 ms throttle
 * where IntersectionObserver is missing, and a 200-entry memory of loaded sources that are then
 * shown at once. The server renders a sized placeholder plus a <noscript> image for crawlers.
 */
import { useEffect, useRef, useState } from 'react';
import { LAZY_IMAGE } from '@shared/constants';

/** Sources already loaded in this tab, oldest first (a Set keeps insertion order). */
const loaded = new Set<string>();

function remember(src: string): void {
  loaded.delete(src);
  loaded.add(src);
  if (loaded.size > LAZY_IMAGE.cacheSize) {
    const oldest = loaded.values().next().value;
    if (oldest !== undefined) loaded.delete(oldest);
  }
}

/** Calls `onNear` once the element is within preLoad × viewport height; returns a cleanup. */
function watchNear(element: HTMLElement, onNear: () => void): () => void {
  const margin = `${Math.round((LAZY_IMAGE.preLoad - 1) * 100)}%`;
  if (typeof IntersectionObserver === 'function') {
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onNear();
        }
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const check = () => {
    timer = null;
    if (element.getBoundingClientRect().top < window.innerHeight * LAZY_IMAGE.preLoad) {
      stop();
      onNear();
    }
  };
  const onScroll = () => {
    timer ??= setTimeout(check, LAZY_IMAGE.throttleWaitMs);
  };
  const stop = () => {
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onScroll);
    if (timer) clearTimeout(timer);
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onScroll, { passive: true });
  check();
  return stop;
}

export interface LazyImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  className?: string;
}

/** Give it `key={src}` where the source can change: the state belongs to one image. */
export function LazyImage({ src, alt, width, height, className }: LazyImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  // The memory is empty while a page hydrates (and never filled on the server), so the first
  // client render matches the server's placeholder; later mounts show remembered images at once.
  const [state, setState] = useState<'waiting' | 'loading' | 'loaded' | 'failed'>(() => (loaded.has(src) ? 'loaded' : 'waiting'));
  const [attempt, setAttempt] = useState(1);

  useEffect(() => {
    const element = holder.current;
    if (state !== 'waiting' || !element) return;
    return watchNear(element, () => setState('loading'));
  }, [state]);

  const classes = ['lazy-image', className, `is-${state}`].filter(Boolean).join(' ');
  return (
    <span ref={holder} className={classes} style={{ aspectRatio: `${width} / ${height}` }}>
      {state === 'loading' || state === 'loaded' ? (
        <img
          // A retry needs a new element: the browser does not re-request a failed src.
          key={attempt}
          src={src}
          alt={alt}
          width={width}
          height={height}
          decoding="async"
          onLoad={() => {
            remember(src);
            setState('loaded');
          }}
          onError={() => {
            if (attempt < LAZY_IMAGE.attempt) setAttempt(attempt + 1);
            else setState('failed');
          }}
        />
      ) : (
        <noscript>
          <img src={src} alt={alt} width={width} height={height} />
        </noscript>
      )}
      {state === 'failed' ? <span className="lazy-image-failed">{alt}</span> : null}
    </span>
  );
}
