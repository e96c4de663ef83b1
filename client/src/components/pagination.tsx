/**
 * Element's pagination ("共 N 条", "20 条/页", pager, "前往 N 页", spec §9 texts) as plain links,
 * so every result page is a crawlable URL and works before JavaScript has loaded. The page size
 * and jump controls navigate through the router.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate, useNavigationType } from 'react-router-dom';
import { RouteLink } from './route-link';
import { PAGE_SIZES } from '@shared/constants';
import { formatCount } from '@shared/format';

/** Element's default pager-count: seven buttons including the first and the last page. */
const PAGER_COUNT = 7;
/** How far "…" jumps: Element's quick-prev/quick-next step (pager-count − 2). */
const MORE_STEP = PAGER_COUNT - 2;

export type PagerItem = number | 'prev-more' | 'next-more';

/** The buttons Element shows for `current` of `pageCount` (1-based). */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  if (pageCount <= PAGER_COUNT) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const half = (PAGER_COUNT - 1) / 2;
  const prevMore = current > PAGER_COUNT - half;
  const nextMore = current < pageCount - half;
  let middle: number[];
  if (prevMore && !nextMore) {
    const start = pageCount - (PAGER_COUNT - 2);
    middle = Array.from({ length: PAGER_COUNT - 2 }, (_, i) => start + i);
  } else if (prevMore && nextMore) {
    const offset = Math.floor(PAGER_COUNT / 2) - 1;
    middle = Array.from({ length: offset * 2 + 1 }, (_, i) => current - offset + i);
  } else {
    middle = Array.from({ length: PAGER_COUNT - 2 }, (_, i) => i + 2);
  }
  return [1, ...(prevMore ? ['prev-more' as const] : []), ...middle, ...(nextMore ? ['next-more' as const] : []), pageCount];
}

/**
 * The page a "…" leads to: five pages back or on, like Element, but kept within the pages that
 * "…" stands for. Element's plain step could land on a page already shown (from page 5 of 20,
 * "…" back went to page 1), which made the button look broken. Its neighbours are always pages.
 */
export function morePage(items: readonly PagerItem[], more: 'prev-more' | 'next-more', current: number): number {
  const at = items.indexOf(more);
  const before = items[at - 1];
  const after = items[at + 1];
  if (typeof before !== 'number' || typeof after !== 'number') return current;
  const target = more === 'prev-more' ? current - MORE_STEP : current + MORE_STEP;
  return Math.min(after - 1, Math.max(before + 1, target));
}

/** How many pages `total` rows fill (at least one); rows past `maxRows` are not served. */
export function pageCountOf(total: number, pageSize: number, maxRows?: number): number {
  const rows = maxRows === undefined ? total : Math.min(total, maxRows);
  return Math.max(1, Math.ceil(rows / pageSize));
}

export interface PaginationProps {
  total: number;
  /** The count stopped at `total`: shown as "10000+". */
  totalCapped?: boolean;
  pageNum: number;
  pageSize: number;
  /** URL of a page at a page size. */
  hrefFor: (pageNum: number, pageSize: number) => string;
  /** Pages beyond this hold nothing (search stops counting at 10 000 rows). */
  maxRows?: number;
  /** Hide the size changer (short fixed-size lists such as notices). */
  fixedSize?: boolean;
}

export function Pagination({ total, totalCapped, pageNum, pageSize, hrefFor, maxRows, fixedSize }: PaginationProps) {
  const navigate = useNavigate();
  const sizeId = useId();
  const [jump, setJump] = useState('');
  const pageCount = pageCountOf(total, pageSize, maxRows);
  const current = Math.min(Math.max(1, pageNum), pageCount);
  const items = pagerItems(current, pageCount);

  const onJump = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(jump);
    if (Number.isInteger(target) && target >= 1) void navigate(hrefFor(Math.min(target, pageCount), pageSize));
    setJump('');
  };

  return (
    <nav className="pagination" aria-label="分页">
      <span className="pagination-total">{`共 ${formatCount(total)}${totalCapped ? '+' : ''} 条`}</span>
      {fixedSize ? null : (
        <>
          <label htmlFor={sizeId} className="visually-hidden">
            每页条数
          </label>
          <select
            id={sizeId}
            className="pagination-size"
            value={pageSize}
            onChange={(event) => void navigate(hrefFor(1, Number(event.target.value)))}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {`${size}条/页`}
              </option>
            ))}
          </select>
        </>
      )}
      <PagerLink disabled={current <= 1} href={hrefFor(current - 1, pageSize)} label="上一页" className="pagination-prev">
        ‹
      </PagerLink>
      <ul className="pagination-pager">
        {items.map((item) => {
          if (item === 'prev-more' || item === 'next-more') {
            const page = morePage(items, item, current);
            return (
              <li key={item}>
                <RouteLink
                  className="pagination-item pagination-more"
                  to={hrefFor(page, pageSize)}
                  aria-label={item === 'prev-more' ? `向前至第 ${page} 页` : `向后至第 ${page} 页`}
                >
                  …
                </RouteLink>
              </li>
            );
          }
          return (
            <li key={item}>
              {item === current ? (
                <span className="pagination-item is-active" aria-current="page">
                  {item}
                </span>
              ) : (
                <RouteLink className="pagination-item" to={hrefFor(item, pageSize)} aria-label={`第 ${item} 页`}>
                  {item}
                </RouteLink>
              )}
            </li>
          );
        })}
      </ul>
      <PagerLink disabled={current >= pageCount} href={hrefFor(current + 1, pageSize)} label="下一页" className="pagination-next">
        ›
      </PagerLink>
      {pageCount > PAGER_COUNT ? (
        <form className="pagination-jump" onSubmit={onJump}>
          前往
          <input
            type="number"
            min={1}
            max={pageCount}
            inputMode="numeric"
            value={jump}
            onChange={(event) => setJump(event.target.value)}
            aria-label="跳转到页码"
          />
          页
        </form>
      ) : null}
    </nav>
  );
}

function PagerLink({
  disabled,
  href,
  label,
  className,
  children,
}: {
  disabled: boolean;
  href: string;
  label: string;
  className: string;
  children: string;
}) {
  if (disabled) {
    return (
      <span className={`pagination-item ${className} is-disabled`} aria-disabled="true" aria-label={label}>
        {children}
      </span>
    );
  }
  return (
    <RouteLink className={`pagination-item ${className}`} to={href} aria-label={label} rel={label === '上一页' ? 'prev' : 'next'}>
      {children}
    </RouteLink>
  );
}

/**
 * Brings the top of a result list into view when its page changes (pager links keep the scroll
 * position like every in-page link; a new page of results should start at its first row). The
 * first render and back/forward navigations, which restore their own position, are left alone.
 */
export function useScrollToTopOnPageChange(ref: RefObject<HTMLElement | null>, page: number): void {
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const element = ref.current;
    if (navigationType === 'POP' || !element) return;
    if (element.getBoundingClientRect().top < 0) element.scrollIntoView({ block: 'start' });
  }, [page, ref, navigationType]);
}
