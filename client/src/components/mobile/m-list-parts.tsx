/** Parts of the mobile lists: bottom sheet, chips (tabs, filters), infinite-scroll sentinel. */
import { useEffect, useRef, type ReactNode } from 'react';

/** A panel that slides up from the bottom, over a dimmed page; Escape and the backdrop close it. */
export function BottomSheet({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="m-sheet-backdrop" onClick={onClose}>
      <div
        className="m-sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        tabIndex={-1}
        ref={panel}
        onClick={(event) => event.stopPropagation()}
      >
        <div className="m-sheet-head">
          <h2>{title}</h2>
          <button type="button" className="m-button m-button-plain" onClick={onClose}>
            关闭
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

/** Calls `onVisible` whenever the element scrolls into view: the next page of a list. */
export function LoadMore({ onVisible, active, children }: { onVisible: () => void; active: boolean; children: ReactNode }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !active) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onVisible(), {
      rootMargin: '200px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible, active]);
  return (
    <div className="m-more" ref={sentinel}>
      {children}
    </div>
  );
}

/** Chips that pick one value (tabs, filter options); `value === null` is "不限". */
export function Chips<T extends string>({
  label,
  options,
  value,
  onChange,
  any = '不限',
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T | null) => void;
  any?: string | null;
}) {
  return (
    <div className="m-chips" role="radiogroup" aria-label={label}>
      {any !== null ? (
        <button type="button" role="radio" aria-checked={value === null} className="m-chip" onClick={() => onChange(null)}>
          {any}
        </button>
      ) : null}
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          className="m-chip"
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** Chips that pick several values (地区's cities); none chosen is "不限", which clears them. */
export function ToggleChips<T extends string>({
  label,
  options,
  values,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  values: readonly T[];
  onChange: (values: T[]) => void;
}) {
  return (
    <div className="m-chips" role="group" aria-label={label}>
      <button type="button" aria-pressed={values.length === 0} className="m-chip" onClick={() => onChange([])}>
        不限
      </button>
      {options.map((option) => {
        const chosen = values.includes(option.value);
        return (
          <button
            key={option.value}
            type="button"
            aria-pressed={chosen}
            className="m-chip"
            onClick={() => onChange(chosen ? values.filter((value) => value !== option.value) : [...values, option.value])}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
