import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { DateFilter } from '../components/range-filters';

afterEach(cleanup);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="where">{pathname + search}</output>;
}

function renderFilter() {
  const hrefFor = (begin?: string, end?: string) => `/zb?${new URLSearchParams({ ...(begin && { begin }), ...(end && { end }) })}`;
  const element = (
    <>
      <DateFilter today="2026-11-26" begin={undefined} end={undefined} hrefFor={hrefFor} />
      <Where />
    </>
  );
  render(<RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/zb'] })} />);
}

describe("发布时间 custom range: the Chinese date picker, not the browser's", () => {
  it('uses the zh_CN picker (Chinese months and weekdays) and navigates with the chosen days', async () => {
    renderFilter();
    const startField = () => screen.getByRole('textbox', { name: '开始日期' });
    // The lazy picker replaces its placeholder: an antd picker input, never a native date input.
    // (The chunk is antd's picker: slow to import in a busy test run.)
    await waitFor(() => expect(startField().closest('.ant-picker')).not.toBeNull(), { timeout: 20_000 });
    const start = startField();
    expect(document.querySelector('input[type="date"]')).toBeNull();

    const user = userEvent.setup();
    await user.click(start);
    expect(await screen.findByText('2026年')).toBeInTheDocument();
    expect(screen.getByText('11月')).toBeInTheDocument();
    expect(screen.getAllByText('一').length).toBeGreaterThan(0);
    await user.click(screen.getByTitle('2026-11-02'));
    expect(start).toHaveValue('2026-11-02');
    // Days after today cannot be chosen.
    expect(screen.getByTitle('2026-11-27')).toHaveClass('ant-picker-cell-disabled');

    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.getByRole('status', { name: 'where' })).toHaveTextContent('/zb?begin=2026-11-02'));
  }, 40_000);

  it('is a placeholder in the server HTML (no antd on the server), which hydrates cleanly into the picker', async () => {
    const filter = (
      <MemoryRouter initialEntries={['/zb']}>
        <DateFilter today="2026-11-26" begin="2026-11-01" end={undefined} hrefFor={(begin) => `/zb?beginTime=${begin ?? ''}`} />
      </MemoryRouter>
    );
    const html = renderToString(filter);
    expect(html).toContain('date-field-fallback');
    expect(html).toContain('value="2026-11-01"');
    expect(html).not.toContain('ant-picker');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const mismatches: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, filter, { onRecoverableError: (error) => mismatches.push(error) });
    });
    await waitFor(() => expect(container.querySelector('.ant-picker')).not.toBeNull(), { timeout: 20_000 });
    expect(mismatches).toEqual([]);
    expect(screen.getByRole('textbox', { name: '开始日期' })).toHaveValue('2026-11-01');
    container.remove();
  }, 40_000);
});
