/**
 * Global UI state of spec §3: the navigation-shown flag, the inner title, the device type and the
 * in-app browser. The loading flag of §3 is the router's own navigation state (LoadingBar reads it).
 *
 * The server renders every visitor the same page ('pc', no in-app browser): it redirects phones
 * to the mobile site before rendering, and anonymous renders are cached by path, not by device.
 * The browser reads its own User-Agent once hydrated, with the same shared rules as the server.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { DeviceType, InAppBrowser } from '@shared/device';

export interface UiState {
  /** spec §3 navigation-shown flag: the member area's side menu, hidden and shown by its toggle (§4). */
  navShown: boolean;
  /** spec §3 inner title: the current page's own title (without the site name), from PageHead. */
  innerTitle: string;
  /** spec §2 device type. */
  device: DeviceType;
  /** spec §2 in-app browser, null in an ordinary browser. */
  inApp: InAppBrowser | null;
}

export const INITIAL_UI: UiState = { navShown: true, innerTitle: '', device: 'pc', inApp: null };

export interface UiStore {
  get(): UiState;
  update(patch: Partial<UiState>): void;
  subscribe(listener: () => void): () => void;
}

export function createUiStore(initial: UiState = INITIAL_UI): UiStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(patch) {
      const next = { ...state, ...patch };
      if ((Object.keys(patch) as (keyof UiState)[]).every((key) => Object.is(state[key], next[key]))) return;
      state = next;
      listeners.forEach((l) => l());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const UiContext = createContext<UiStore | null>(null);

/** One store per render on the server and one per page load in the browser. */
export function UiProvider({ store, children }: { store?: UiStore; children: ReactNode }) {
  const [ui] = useState(() => store ?? createUiStore());
  useEffect(() => {
    // After hydration, so the first browser render matches the server's; the rules (isbot's list)
    // in a chunk of their own, which no page waits for.
    void import('./device-state').then(({ deviceStateOf }) => ui.update(deviceStateOf(navigator.userAgent)));
  }, [ui]);
  return <UiContext.Provider value={ui}>{children}</UiContext.Provider>;
}

/** Outside a provider (a component rendered alone in a test) the UI is the initial one and stays so. */
const FIXED: UiStore = { get: () => INITIAL_UI, update: () => undefined, subscribe: () => () => undefined };

export function useUiStore(): UiStore {
  return useContext(UiContext) ?? FIXED;
}

export function useUi(): UiState {
  const store = useUiStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Keeps the inner title in step with the page that renders it. */
export function useInnerTitle(title: string): void {
  const store = useUiStore();
  useEffect(() => store.update({ innerTitle: title }), [store, title]);
}
