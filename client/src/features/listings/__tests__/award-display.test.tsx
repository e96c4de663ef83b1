/**
 * Awards, candidates, consortia, 原文 and 附件 as readers see them on the tender details (desktop
 * /zb/{id} and phone /m/pages/zb/detail), with answers shaped like the corpus's notices, and the same
 * pages against a backend with spec §7 alone (the fields absent: nothing shown, no error).
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZbDetail } from '@shared/content/types';
import type { Feature } from '@shared/system/features';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import type { MemberUser } from '@shared/member/types';
import { systemKeys } from '../../../lib/system';
import { DEMO_USER, createMemberEnv, dictEntry, ok, renderPage } from '../../../test/page-harness';
import * as desktopPage from '../pages/zb-detail-page';
import * as mobilePage from '../mobile/m-zb-detail-page';
import { candidatesNotice, consortiumAward, noContact, rateAward, rateCandidates, specOnly } from './award-fixtures';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const NOTICE_TYPES: [string, string][] = [
  ['2', '招标公告'],
  ['4', '中标候选人公示'],
  ['5', '中标结果'],
  ['9', '废标/流标'],
];

function environment(detail: ZbDetail, { capabilities = ['company', 'lifecycle'] as Feature[], user = DEMO_USER as MemberUser } = {}) {
  const env = createMemberEnv(
    {
      [`GET /cms/bidding/data/${detail.id}`]: () => ok(detail),
      [`GET /cms/favorite/${detail.id}`]: () => ok({ type: 'zb', dataId: detail.id, favorited: false }),
    },
    user,
    capabilities,
  );
  const { queryClient } = env.deps;
  queryClient.setQueryData(
    systemKeys.dict(DICT_TYPES.zbNoticeType),
    NOTICE_TYPES.map(([value, label]) => dictEntry(DICT_TYPES.zbNoticeType, value, label)),
  );
  for (const type of Object.values(DICT_TYPES) as DictType[]) {
    if (!queryClient.getQueryData(systemKeys.dict(type))) queryClient.setQueryData(systemKeys.dict(type), []);
  }
  return env;
}

/** The desktop detail at /zb/{id} or the phone's at /m/pages/zb/detail?id=, its loader run first. */
async function show(detail: ZbDetail, site: 'desktop' | 'phone', options?: Parameters<typeof environment>[1]) {
  const env = environment(detail, options);
  if (site === 'desktop') renderPage(desktopPage, `/zb/${detail.id}`, env, '/zb/:id');
  else renderPage(mobilePage, `/m/pages/zb/detail?id=${detail.id}`, env);
  await screen.findByRole('heading', { level: 1, name: detail.title });
  return env;
}

/** A figure's value by its label: the desktop's header tiles (strong over span) or the phone's (dd under dt). */
function figure(label: string): string | null {
  const labelNode = screen
    .getAllByText(label)
    .find((node) => node.closest('.detail-figures, .m-figures') !== null && (node.tagName === 'SPAN' || node.tagName === 'DT'));
  const tile = labelNode?.parentElement;
  return tile?.querySelector('strong, dd')?.textContent ?? null;
}

/** A field's value by its label in the overview (招标概况 / 概况). */
function field(label: string): HTMLElement {
  const term = screen.getAllByText(label).find((node) => node.tagName === 'DT');
  if (!term?.nextElementSibling) throw new Error(`no field ${label}`);
  return term.nextElementSibling as HTMLElement;
}

describe.each(['desktop', 'phone'] as const)('the award on the %s detail', (site) => {
  it('shows a 中标结果 award where the amount is, never the budget nor "—"', async () => {
    await show(consortiumAward, site);
    expect(figure('中标金额')).toBe('4,712.39万元');
    expect(screen.queryByText('预算金额')).toBeNull();
  });

  it('shows an award that is a rate in the publisher\'s words, not as 0 万元 or "—"', async () => {
    await show(rateAward, site);
    expect(figure('中标金额')).toBe('设计费率2.95%');
    expect(document.body).not.toHaveTextContent('0万元');
  });

  it('labels a 中标候选人公示 amounts 投标报价 and keeps the budget apart', async () => {
    await show(candidatesNotice, site);
    expect(figure('投标报价')).toBe('4,712.39万元');
    expect(figure('预算金额')).toBe('4,865.27万元');
    expect(screen.queryByText('中标金额')).toBeNull();
  });

  it('marks a consortium as such: members listed, the lead marked, each linked to its company page', async () => {
    await show(rateAward, site);
    const winner = field('中标人');
    expect(winner).toHaveTextContent('联合体');
    const members = within(winner).getByRole('list', { name: '联合体成员' });
    const [lead, member] = within(members).getAllByRole('listitem');
    expect(lead).toHaveTextContent('牵头人青岛海晟市政工程（集团）有限公司');
    expect(within(lead!).getByRole('link', { name: '青岛海晟市政工程（集团）有限公司' })).toHaveAttribute(
      'href',
      site === 'desktop' ? '/company/51' : '/m/pages/company/detail?id=51',
    );
    // A member without a company page is plain text, as any company name.
    expect(member).toHaveTextContent('成员青岛北岸勘察设计有限公司');
    expect(within(member!).queryByRole('link')).toBeNull();
  });

  it('lists the candidates by rank with their bids, in 万元 or as written', async () => {
    await show(candidatesNotice, site);
    const section = screen.getByRole('region', { name: '中标候选人' });
    const text = section.textContent ?? '';
    expect(text.indexOf('济南华岳路桥工程有限公司')).toBeLessThan(text.indexOf('山东鲁晟市政工程有限公司'));
    expect(section).toHaveTextContent('4,756.9万元');
    expect(section).toHaveTextContent('47,569,023.18元');
    expect(within(section).getByRole('link', { name: '济南华岳路桥工程有限公司' })).toBeInTheDocument();
    expect(within(section).getAllByText('牵头人')).toHaveLength(1);
    cleanup();
    await show(rateCandidates, site);
    const rates = screen.getByRole('region', { name: '中标候选人' });
    for (const rate of ['下浮率12.5%', '下浮率10%', '下浮率9.8%']) expect(rates).toHaveTextContent(rate);
    expect(rates).not.toHaveTextContent('万元');
    expect(figure('投标报价')).toBe('下浮率12.5%');
  });

  it('links 原文 and the http(s) 附件 by name in a new tab without referrer; other schemes are dropped', async () => {
    await show(candidatesNotice, site);
    const sources = screen.getByRole('region', { name: '原文与附件' });
    const source = within(sources).getByRole('link', { name: '查看发布单位原文' });
    expect(source).toHaveAttribute('href', candidatesNotice.sourceUrl);
    const file = within(sources).getByRole('link', { name: '中标候选人公示附件.pdf' });
    for (const link of [source, file]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer');
    }
    expect(within(sources).queryByText('伪装的附件')).toBeNull();
    expect(sources.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('offers no unlock and shows no *** for a notice without a contact; a day-only time has no 00:00', async () => {
    await show(noContact, site);
    expect(screen.getByText('该信息未提供联系方式，请以发布单位原文为准。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '积分查看' })).toBeNull();
    expect(document.body).not.toHaveTextContent('***');
    const time = document.querySelector('time[datetime="2026-03-17 00:00:00"]');
    expect(time).toHaveTextContent(/^2026-03-17$/);
  });

  it('against a backend with spec §7 alone shows the amount as before and none of the new sections', async () => {
    await show(specOnly({ ...consortiumAward, amount: 4712.39 }), site);
    expect(figure('中标金额')).toBe('4,712.39万元');
    expect(screen.queryByRole('region', { name: '中标候选人' })).toBeNull();
    expect(screen.queryByRole('region', { name: '原文与附件' })).toBeNull();
    expect(field('中标人')).toHaveTextContent(consortiumAward.winner!);
    expect(screen.getByRole('button', { name: '积分查看' })).toBeInTheDocument();
  });
});

describe('the contact badge', () => {
  it("names the member's own tier", async () => {
    const vipView: ZbDetail = { ...consortiumAward, contactAccess: 'vip', contactMasked: false };
    await show(vipView, 'desktop', { user: { ...DEMO_USER, level: '1', levelExpireTime: '2099-01-01 00:00:00' } });
    const heading = screen.getByRole('heading', { name: /联系方式/ });
    expect(heading).toHaveTextContent('短期会员');
    expect(heading).not.toHaveTextContent('VIP');
    cleanup();
    await show(vipView, 'desktop', { user: { ...DEMO_USER, level: '2', levelExpireTime: '2099-01-01 00:00:00' } });
    expect(screen.getByRole('heading', { name: /联系方式/ })).toHaveTextContent('VIP会员');
  });
});
