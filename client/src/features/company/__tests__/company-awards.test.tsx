/**
 * Company pages (desktop and phone) with a profile shaped like the corpus's 山东岱衡建工集团有限公司
 * and 淄博华信工程监理咨询有限公司: wins as a consortium's lead, candidacies with the firm's own bid,
 * competitors, and wins whose award is a rate — never shown or summed as 0 万元.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompanyNoticeLink, CompanyProfile } from '@shared/company/types';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import { systemKeys } from '../../../lib/system';
import { BASE_CAPABILITIES, DEMO_USER, createMemberEnv, ok, renderPage } from '../../../test/page-harness';
import * as desktopPage from '../pages/company-detail-page';
import * as mobilePage from '../mobile/m-company-detail-page';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const link = (id: number, title: string, extra: Partial<CompanyNoticeLink>): CompanyNoticeLink => ({
  id,
  title,
  publishTime: '2026-03-30 15:20:00',
  noticeType: '5',
  areaCode: '370102',
  amount: null,
  amountText: null,
  part: null,
  ...extra,
});

const profile: CompanyProfile = {
  id: 41,
  name: '山东岱衡建工集团有限公司',
  roles: [
    { role: 'winner', count: 2 },
    { role: 'candidate', count: 2 },
  ],
  mainCityCode: '370100',
  years: [{ year: 2026, tenders: 0, wins: 2, winAmount: 4712.39, winsWithoutAmount: 1, awardedAmount: 0 }],
  regions: [{ code: '370102', count: 3 }],
  industries: [],
  latestTenders: [],
  latestWins: [
    link(408, '济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标结果公告', { amount: 4712.386549, part: 'lead' }),
    link(431, '张店区东部化工区改造提升项目施工监理中标结果公告', { amountText: '下浮率12.5%' }),
  ],
  latestCandidacies: [
    link(407, '济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标候选人公示', {
      noticeType: '4',
      amount: 4712.386549,
      amountText: '47,123,865.49元',
      part: 'lead',
    }),
    link(419, '章丘区明水街道棚户区改造安置房项目（二期）施工总承包中标候选人公示', { noticeType: '4', amount: 21512.0634, part: 'lead' }),
  ],
  latestProjects: [],
  topWinners: [],
  competitors: [
    { id: 43, name: '济南华岳路桥工程有限公司', count: 1, amount: 0 },
    { id: 47, name: '济南明水建设集团有限公司', count: 1, amount: 0 },
  ],
  contact: null,
};

function environment(company: CompanyProfile) {
  const env = createMemberEnv({ [`GET /api/cmsData/company/${company.id}`]: () => ok(company) }, DEMO_USER, [
    ...BASE_CAPABILITIES,
    'company',
  ]);
  for (const type of Object.values(DICT_TYPES) as DictType[]) {
    if (!env.deps.queryClient.getQueryData(systemKeys.dict(type))) env.deps.queryClient.setQueryData(systemKeys.dict(type), []);
  }
  return env;
}

async function show(company: CompanyProfile, site: 'desktop' | 'phone') {
  const env = environment(company);
  if (site === 'desktop') renderPage(desktopPage, `/company/${company.id}`, env, '/company/:id');
  else renderPage(mobilePage, `/m/pages/company/detail?id=${company.id}`, env);
  await screen.findByRole('heading', { level: 1, name: company.name });
}

/** A header figure's value by its label (the desktop's strong over span, the phone's dd under dt). */
function figure(label: string): string | null {
  const node = screen.getAllByText(label).find((n) => n.closest('.detail-figures, .m-figures') !== null);
  return node?.parentElement?.querySelector('strong, dd')?.textContent ?? null;
}

/** The 中标金额 cell of the year table's only row (its fourth column on both sites). */
function yearWinAmount(): string | null {
  const row = screen.getByRole('rowheader', { name: '2026' }).closest('tr');
  return row?.querySelectorAll('td')[2]?.textContent ?? null;
}

describe.each(['desktop', 'phone'] as const)('the %s company page', (site) => {
  it('lists 投标/入围 with the firm’s own bid and its part in a consortium', async () => {
    await show(profile, site);
    const candidacies = screen.getByRole('region', { name: '投标/入围' });
    const [first, second] = within(candidacies).getAllByRole('listitem');
    expect(first).toHaveTextContent('联合体牵头人');
    expect(first).toHaveTextContent('4,712.39万元');
    expect(second).toHaveTextContent('21,512.06万元');
  });

  it('shows a rate award in words, never as 0 万元, and leaves it out of the sum', async () => {
    await show(profile, site);
    const wins = screen.getByRole('region', { name: '最近中标' });
    const rate = within(wins)
      .getByRole('link', { name: /张店区/ })
      .closest('li') as HTMLElement;
    expect(rate).toHaveTextContent('下浮率12.5%');
    expect(rate).not.toHaveTextContent('万元');
    expect(figure('中标金额')).toBe('4,712.39万元（另1次为费率等）');
    expect(yearWinAmount()).toBe('4,712.39万元（另1次为费率等）');
  });

  it('shows competitors', async () => {
    await show(profile, site);
    const competitors = screen.getByRole('region', { name: '主要竞争对手' });
    expect(within(competitors).getByRole('link', { name: /济南华岳路桥工程有限公司/ })).toBeInTheDocument();
  });

  it('shows — rather than 0 万元 when every win is a rate', async () => {
    await show(
      {
        ...profile,
        years: [{ year: 2026, tenders: 0, wins: 1, winAmount: 0, winsWithoutAmount: 1, awardedAmount: 0 }],
        latestWins: [profile.latestWins[1]!],
        latestCandidacies: [],
      },
      site,
    );
    expect(figure('中标金额')).toBe('—（另1次为费率等）');
    expect(yearWinAmount()).toBe('—（另1次为费率等）');
    expect(screen.queryByRole('region', { name: '投标/入围' })).toBeNull();
  });
});
