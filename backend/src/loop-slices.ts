/**
 * Long work on the event loop in short slices, so requests are answered between them (docs/
 * performance.md "Nothing blocks the event loop"): a caller asks `sliceSpent()` between two units
 * of work and, when it says so, awaits `nextSlice()`. The budget belongs to one turn of the loop
 * and is shared by every caller: four exports at once hold the loop no longer than one does.
 */
import { performance } from 'node:perf_hooks';

/** The longest the loop is held by sliced work in one turn, ms. */
export const SLICE_MS = 4;

let turnStarted: number | undefined;

/** Whether this turn's budget is used up. The first call of a turn starts the turn's clock. */
export function sliceSpent(): boolean {
  const now = performance.now();
  if (turnStarted === undefined) {
    turnStarted = now;
    // Runs at the next turn's check phase, before the slices that yielded in this one resume.
    setImmediate(() => {
      turnStarted = undefined;
    });
    return false;
  }
  return now - turnStarted >= SLICE_MS;
}

/** Resolves in the next turn of the loop, after the I/O that waited (incoming requests) was served. */
export function nextSlice(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
