import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination, pagerItems } from '../pagination';

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
              <Pagination
                total={235}
                pageNum={2}
                pageSize={20}
                hrefFor={(p, s) => `/zb?pageNum=${p}&pageSize=${s}`}
                {...props}
              />
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
