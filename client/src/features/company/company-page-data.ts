/**
 * What the desktop (/company/{id}) and mobile (/m/pages/company/detail) profiles read: one company
 * answer per id and viewer (masked contacts differ by viewer) and the dictionaries their rows label,
 * and what both say about the company above its lists.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { COMPANY_ROLE_LABELS, type CompanyNoticeLink, type CompanyProfile, type CompanyYear } from '@shared/company/types';
import { sumOrWords } from '@shared/content/zb-notice';
import { DICT_TYPES } from '@shared/system/types';
import { MISSING, formatWan } from '@shared/format';
import { companyQueryOptions } from './api';
import { viewerOf, useSession } from '../../lib/session';
import { useHttp } from '../../lib/http/context';
import { prefetchDicts } from '../../lib/system';
import { useDict } from '../../components/dict-label';
import { regionName } from '../../lib/region';
import type { AppDeps } from '../../lib/page';

const DICTS = [DICT_TYPES.region, DICT_TYPES.industry, DICT_TYPES.zbNoticeType] as const;

/** The page loader's data step for company `id`. */
export async function loadCompanyPage(deps: AppDeps, id: number): Promise<void> {
  const viewer = viewerOf(deps.session.get().isLogin);
  await Promise.all([
    deps.queryClient.ensureQueryData(companyQueryOptions(deps.http, id, viewer)),
    prefetchDicts(deps.queryClient, deps.http, DICTS),
  ]);
}

/** The profile the loader fetched, for the viewer of this render. */
export function useCompanyProfile(id: number) {
  const viewer = viewerOf(useSession().isLogin);
  return useSuspenseQuery(companyQueryOptions(useHttp(), id, viewer)).data;
}

export interface CompanySummary {
  /** Its main city's name, '' when unknown. */
  city: string;
  /** The page's meta description: the same sentence on desktop and phone. */
  description: string;
  /** The header's three figures, in order. */
  figures: readonly { label: string; value: string | number }[];
  /** The latest tender's contact as label and value, in order; none without a contact. */
  contactFields: readonly { label: string; value: string }[];
}

/** The header, description and contact of a profile, one wording for both sites. */
export function useCompanySummary(company: CompanyProfile): CompanySummary {
  const regions = useDict(DICT_TYPES.region);
  const roles = company.roles.map((r) => `${COMPANY_ROLE_LABELS[r.role]}${r.count}次`).join('、');
  const city = company.mainCityCode ? regionName(regions, company.mainCityCode) : '';
  const sum = (pick: (y: CompanyProfile['years'][number]) => number) => company.years.reduce((n, y) => n + pick(y), 0);
  const { contact } = company;
  return {
    city,
    description: `${company.name}${city ? `（${city}）` : ''}：在招标与项目信息中作为${roles || '相关单位'}出现，查看其历年招标、中标与金额、常中标单位和竞争对手。`,
    figures: [
      { label: '招标（条）', value: sum((y) => y.tenders) },
      { label: '中标（次）', value: sum((y) => y.wins) },
      {
        label: '中标金额',
        value: winAmountOf({
          wins: sum((y) => y.wins),
          winAmount: sum((y) => y.winAmount),
          winsWithoutAmount: sum((y) => y.winsWithoutAmount ?? 0),
        }),
      },
    ],
    contactFields: contact
      ? [
          { label: '单位', value: contact.company },
          { label: '联系人', value: contact.contact },
          { label: '电话', value: contact.phone },
        ]
      : [],
  };
}

/**
 * 中标金额 of wins: the sum of those that state one; "—" when none does (every win a rate such as
 * 下浮率, or no win), never 0 万元; the wins in words are counted beside it.
 */
export function winAmountOf(y: Pick<CompanyYear, 'wins' | 'winAmount' | 'winsWithoutAmount'>): string {
  const inWords = y.winsWithoutAmount ?? 0;
  const sum = y.wins > inWords ? formatWan(y.winAmount) : MISSING;
  return inWords > 0 ? `${sum}（另${inWords}次为费率等）` : sum;
}

/** A notice link's amount: the award, bid or budget in 万元, else the publisher's words (下浮率12.5%). */
export const noticeLinkAmount = (n: Pick<CompanyNoticeLink, 'amount'> & { amountText?: string | null }): string =>
  sumOrWords(n.amount, n.amountText).value;

/** A consortium part (联合体), as a tag's words. */
export const PART_LABELS = { lead: '联合体牵头人', member: '联合体成员' } as const;
