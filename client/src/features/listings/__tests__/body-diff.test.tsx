import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZbDetail } from '@shared/content/types';
import { BodyDiffCard } from '../components/body-diff';

afterEach(cleanup);

/** The JMSJ 更正 as the backend answers it: fields equal, the 公示期 moved in the text. */
const item = {
  changes: [],
  changesAgainst: {
    kind: 'notice',
    id: 28,
    title: '即墨区鳌山湾片区污水处理厂扩建工程设计中标候选人公示',
    publishTime: '2026-06-24 09:00:00',
  },
  bodyDiff: [
    { op: 'ins', text: '更正说明：公示期变更。\n' },
    { op: 'same', text: '项目及标段名称 | 即墨区' },
    { op: 'fold', chars: 128 },
    { op: 'same', text: '公示期 | 2026年6月25日至2026年6月' },
    { op: 'del', text: '27' },
    { op: 'ins', text: '29' },
    { op: 'same', text: '日' },
  ],
} as unknown as ZbDetail;

describe('正文变更', () => {
  it('marks removed and added text, folds what did not change, and links the notice compared with', () => {
    render(
      <MemoryRouter>
        <BodyDiffCard item={item} type="zb" />
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: '变更内容' });
    const removed = card.querySelectorAll('.body-diff-text del');
    const added = card.querySelectorAll('.body-diff-text ins');
    expect([...removed].map((d) => [d.textContent, d.getAttribute('data-mark')])).toEqual([['27', '删']]);
    expect([...added].map((d) => d.textContent)).toEqual(['更正说明：公示期变更。\n', '29']);
    expect(card.querySelector('.body-diff-text')!.textContent).toContain(
      '…… 未变的 128 字已折叠 ……公示期 | 2026年6月25日至2026年6月2729日',
    );
    expect(screen.getByRole('link', { name: '即墨区鳌山湾片区污水处理厂扩建工程设计中标候选人公示' })).toHaveAttribute('href', '/zb/28');
  });

  it('links the phone detail on the phone, and shows nothing without a text diff', () => {
    const { container, rerender } = render(
      <MemoryRouter>
        <BodyDiffCard item={item} type="zb" mobile />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link')).toHaveAttribute('href', '/m/pages/zb/detail?id=28');
    rerender(
      <MemoryRouter>
        <BodyDiffCard item={{ ...item, bodyDiff: null }} type="zb" />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
    // A backend with only the spec's calls sends no bodyDiff at all.
    rerender(
      <MemoryRouter>
        <BodyDiffCard item={{ ...item, bodyDiff: undefined } as unknown as ZbDetail} type="zb" />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('');
  });
});
