import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give a page 10 s, not 1: a member page's first render (antd, lazy chunks) took over
// a second on a shared 2-core machine running the other test projects beside it, and once 5.4 s
// beside the server's page tests (the desktop tier page, 2026-11-26).
configure({ asyncUtilTimeout: 10_000 });

// The request layer checks every answer against the contract's schemas, which it loads apart from
// itself (lib/http/axios-http.ts): loaded here first, no call waits on loading them under fake timers.
await Promise.all([import('@shared/contract/schemas'), import('@shared/contract/fields')]);

// What antd asks of the browser and jsdom lacks: matchMedia (responsive helpers) and
// ResizeObserver (Segmented, TextArea).
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
