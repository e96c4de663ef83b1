import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, morePage, pagerItems } from '../pagination';

afterEach(cleanup);

describe('pager buttons (Element, seven at most)', () => {
  it('shows every page when there are few', () => {
    expect(pagerItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('folds the far pages into "…"', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 'next-more', 20]);
    expect(pagerItems(10, 20)).toEqual([1, 'prev-more', 8, 9, 10, 11, 12, 'next-more', 20]);
    expect(pagerItems(19, 20)).toEqual([1, 'prev-more', 15, 16, 17, 18, 19, 20]);
  });
});

describe('pager "…" (Element jumps five pages)', () => {
  it('jumps five pages when that lands on a page it hides', () => {
    const items = pagerItems(10, 20);
    expect(morePage(items, 'prev-more', 10)).toBe(5);
    expect(morePage(items, 'next-more', 10)).toBe(15);
  });

  it('never leads to a page already shown', () => {
    for (let current = 1; current <= 30; current += 1) {
      const items = pagerItems(current, 30);
      const shown = items.filter((item) => typeof item === 'number');
      for (const more of ['prev-more', 'next-more'] as const) {
        if (!items.includes(more)) continue;
        const target = morePage(items, more, current);
        expect(shown, `page ${current}, ${more} → ${target}`).not.toContain(target);
        expect(more === 'prev-more' ? target < current : target > current).toBe(true);
      }
    }
  });

  it('links "…" to the first hidden page near the ends', () => {
    render(
      <MemoryRouter>
        <Pagination total={400} pageNum={5} pageSize={20} hrefFor={(p) => `/zb?pageNum=${p}`} />
      </MemoryRouter>,
    );
    // Pages 1, 3–7 and 20 are shown: "…" back can only mean page 2, not page 1 again.
    expect(screen.getByRole('link', { name: '向前至第 2 页' })).toHaveAttribute('href', '/zb?pageNum=2');
    expect(screen.getByRole('link', { name: '向后至第 10 页' })).toHaveAttribute('href', '/zb?pageNum=10');
  });
});

function Where() {
  const location = useLocation();
  return <output aria-label="地址">{location.pathname + location.search}</output>;
}

function renderAt(props: Partial<Parameters<typeof Pagination>[0]> = {}) {
  render(
    <MemoryRouter initialEntries={['/zb?pageNum=2']}>
      <Routes>
        <Route
          path="/zb"
          element={
            <>
              <Pagination total={235} pageNum={2} pageSize={20} hrefFor={(p, s) => `/zb?pageNum=${p}&pageSize=${s}`} {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('pagination', () => {
  it('shows the total and the page size in the spec’s words', () => {
    renderAt();
    expect(screen.getByText('共 235 条')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '每页条数' })).toHaveDisplayValue('20条/页');
    expect(screen.getByText('2')).toHaveAttribute('aria-current', 'page');
  });

  it('links to neighbouring pages', () => {
    renderAt();
    expect(screen.getByRole('link', { name: '下一页' })).toHaveAttribute('href', '/zb?pageNum=3&pageSize=20');
    expect(screen.getByRole('link', { name: '第 12 页' })).toHaveAttribute('href', '/zb?pageNum=12&pageSize=20');
  });

  it('changing the page size starts again at page 1', () => {
    renderAt();
    fireEvent.change(screen.getByRole('combobox', { name: '每页条数' }), { target: { value: '50' } });
    expect(screen.getByRole('status', { name: '地址' })).toHaveTextContent('/zb?pageNum=1&pageSize=50');
  });

  it('marks a capped count with "+"', () => {
    renderAt({ total: 10000, totalCapped: true });
    expect(screen.getByText('共 10,000+ 条')).toBeInTheDocument();
  });
});
