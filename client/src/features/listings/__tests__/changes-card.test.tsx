/** 变更内容 says what it compares against in a reader's words: no version numbers or import jargon. */
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZbDetail } from '@shared/content/types';
import type { Http } from '../../../lib/http/http';
import { HttpProvider } from '../../../lib/http/context';
import { ChangesCard } from '../components/notice-timeline';

afterEach(cleanup);

describe('ChangesCard', () => {
  it('names the earlier content by when and why it changed, amounts in 万元', () => {
    const item = {
      changes: [{ field: 'amount', label: '金额', before: 800, after: 1250.5 }],
      changesAgainst: { kind: 'version', version: 1, changedBy: 'import', changeTime: '2026-11-20 10:05:00' },
    } as unknown as ZbDetail;
    const element = <ChangesCard item={item} type="zb" />;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <HttpProvider http={{} as Http}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/zb/5'] })} />
        </HttpProvider>
      </QueryClientProvider>,
    );
    const line = document.querySelector('.changes-against')!;
    expect(line.textContent).toBe('与 2026-11-20 10:05 发布单位更新公告前的内容相比');
    expect(line.textContent).not.toMatch(/第 ?\d+ ?版|导入/);
    expect(screen.getByText('800万元')).toBeInTheDocument();
    expect(screen.getByText('1,250.5万元')).toBeInTheDocument();
  });
});
