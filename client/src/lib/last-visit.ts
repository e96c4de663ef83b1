/**
 * 新 on list rows: published since the reader's previous visit. A visit is a run of
 * page views in this browser with no gap over 30 minutes (the usual analytics session); "last
 * visit" is when the previous one ended. It lives in localStorage, for visitors and members alike,
 * so the server never knows it: the server renders no 新 and the rows add it after hydration
 * (useSyncExternalStore's server snapshot), and the page stays cacheable for everyone.
 * During a visit the boundary does not move, so a row marked 新 stays so on every page.
 */
import { useSyncExternalStore } from 'react';
import { toTimestamp, type TimeInput } from '@shared/time';

export const VISIT_STORAGE_KEY = 'portal:visit';
/** A gap longer than this starts a new visit. */
export const VISIT_GAP_MS = 30 * 60_000;
/** How often a page in use records that the visit goes on. */
const SEEN_WRITE_MS = 60_000;

export interface VisitState {
  /** When the previous visit ended (epoch ms); null on the first visit from this browser. */
  previous: number | null;
  /** The last time this visit was seen going on. */
  seen: number;
}

/** The visit state at `now`: the same visit within the gap, else a new one that starts after `stored`. */
export function nextVisit(stored: VisitState | null, now: number): VisitState {
  if (!stored) return { previous: null, seen: now };
  if (now - stored.seen > VISIT_GAP_MS) return { previous: stored.seen, seen: now };
  return { previous: stored.previous, seen: Math.max(now, stored.seen) };
}

/** 新: published after the previous visit ended. Nothing is new on a first visit. */
export function isNewSince(publishTime: TimeInput, previous: number | null): boolean {
  if (previous === null) return false;
  const published = toTimestamp(publishTime);
  return published !== null && published > previous;
}

function parseStored(raw: string | null): VisitState | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<VisitState>;
    const previous = typeof value.previous === 'number' && Number.isFinite(value.previous) ? value.previous : null;
    return typeof value.seen === 'number' && Number.isFinite(value.seen) ? { previous, seen: value.seen } : null;
  } catch {
    return null;
  }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage disabled (privacy settings): no 新, nothing breaks.
    return null;
  }
}

/** This page's visit, read once when first asked: fixed for the page's life. */
let current: VisitState | null = null;
let lastWrite = 0;

function save(state: VisitState): void {
  try {
    storage()?.setItem(VISIT_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Full or disabled storage: the visit is simply not remembered.
  }
}

function previousVisit(): number | null {
  if (current === null) {
    const store = storage();
    if (!store) return null;
    current = nextVisit(parseStored(store.getItem(VISIT_STORAGE_KEY)), Date.now());
    lastWrite = 0;
  }
  return current.previous;
}

/** Mounted rows record, at most once a minute, that the visit goes on (the previous visit's end stays). */
function subscribe(): () => void {
  const now = Date.now();
  if (current !== null && now - lastWrite > SEEN_WRITE_MS) {
    lastWrite = now;
    current = { previous: current.previous, seen: Math.max(now, current.seen) };
    save(current);
  }
  return () => undefined;
}

/** When the previous visit ended, in the browser after hydration; null on the server and at hydration. */
export function useLastVisit(): number | null {
  return useSyncExternalStore(subscribe, previousVisit, () => null);
}
