/**
 * Small pieces the mobile pages share (issue 14): head, figures and fields of a detail, bottom sheet,
 * tabs, infinite-scroll sentinel.
 */
import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { desktopUrlFor, getInAppBrowser, type InAppBrowser } from '@shared/device';
import { PageHead, type PageHeadProps } from '../page-head';

/**
 * The head of a mobile page: canonical is the desktop page it shows (Baidu's mobile adaptation
 * pattern; the desktop page carries the matching alternate link, page-head.tsx).
 */
export function MobileHead({ image, ...props }: Omit<PageHeadProps, 'canonical' | 'mobile'> & { image?: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHead {...props} canonical={desktopUrlFor(pathname, search)} mobile />
      {/* WeChat's share card reads these (title, description, image) when a page is shared. */}
      {props.title ? <meta itemProp="name" content={props.title} /> : null}
      {props.description ? <meta itemProp="description" content={props.description} /> : null}
      {image ? <meta itemProp="image" content={image} /> : null}
      {image ? <meta property="og:image" content={image} /> : null}
    </>
  );
}

/** The key numbers of a mobile header (金额, 积分…): value over label. */
export function MobileFigures({ figures }: { figures: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="m-figures">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dd>{figure.value}</dd>
          <dt>{figure.label}</dt>
        </div>
      ))}
    </dl>
  );
}

/** A labelled list of fields in a mobile card (概况, 地区与行业); an empty value shows as "—". */
export function MobileFields({ fields }: { fields: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="m-fields">
      {fields.map((field) => (
        <div key={field.label}>
          <dt>{field.label}</dt>
          <dd>{field.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

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

const noSubscription = () => () => {};

/**
 * The app the page is open in (WeChat, Weibo, …): null on the server and while hydrating, since the
 * HTML is shared by every browser (and cached), then read from the browser's own User-Agent.
 */
export function useInAppBrowser(): InAppBrowser | null {
  return useSyncExternalStore(
    noSubscription,
    () => getInAppBrowser(navigator.userAgent),
    () => null,
  );
}
