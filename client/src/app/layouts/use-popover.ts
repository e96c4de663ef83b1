import { useCallback, useEffect, useRef, useState } from 'react';
import { POPOVER_CLOSE_DELAY_MS, POPOVER_OPEN_DELAY_MS } from '@shared/constants';

export interface Popover {
  open: boolean;
  /** Pointer or focus arrived: open after the open delay (spec §9: 0 ms, at once). */
  show(): void;
  /** Pointer or focus left: close after the close delay (spec §9: 200 ms), so moving to the panel keeps it. */
  hide(): void;
  /** Escape or a choice made: close now. */
  close(): void;
}

/** A hover/focus popover's open state with the delays of spec §9. */
export function usePopover(openDelay = POPOVER_OPEN_DELAY_MS, closeDelay = POPOVER_CLOSE_DELAY_MS): Popover {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedule = useCallback((next: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (delay <= 0) setOpen(next);
    else timer.current = setTimeout(() => setOpen(next), delay);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    open,
    show: useCallback(() => schedule(true, openDelay), [schedule, openDelay]),
    hide: useCallback(() => schedule(false, closeDelay), [schedule, closeDelay]),
    close: useCallback(() => schedule(false, 0), [schedule]),
  };
}
