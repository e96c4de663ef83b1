/**
 * Company profiles (ext feature 'company'): one company per normalised name seen in the
 * notices as 招标人 (tenderer), 代理机构 (agency), 中标人 (winner), 中标候选人 (candidate) or, for
 * projects, 建设单位 (owner). docs/api.md describes the calls; docs/decisions/companies.md the rules.
 */
import type { ContactBlock, ContactAccess } from '../content/types';
import type { DateTimeString } from '../contract/common';

export const COMPANY_ROLES = ['tenderer', 'agency', 'winner', 'candidate', 'owner'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  tenderer: '招标人',
  agency: '代理机构',
  winner: '中标人',
  candidate: '中标候选人',
  owner: '建设单位',
};

export type { CompanyIds } from '../content/types';

export interface CompanyRoleCount {
  role: CompanyRole;
  /** notices naming the company in this role */
  count: number;
}

/** A row of the company search. */
export interface CompanyListItem {
  id: number;
  name: string;
  roles: CompanyRoleCount[];
  /** The city the company appears in most often. */
  mainCityCode: string | null;
}

export interface CompanyYear {
  year: number;
  /** notices as 招标人 */
  tenders: number;
  /** Current 中标结果 naming the company as 中标人, alone or as a consortium's lead or member */
  wins: number;
  /** 中标金额 of its wins that state a sum, 万元 (a consortium's award counts in full for each member) */
  winAmount: number;
  /**
   * Wins whose award is no sum of money (a rate such as 下浮率, a fee formula) or states none: left
   * out of `winAmount`, never counted as 0 万元.
   */
  winsWithoutAmount: number;
  /** 中标金额 of the results of its own tenders (as 招标人), 万元 */
  awardedAmount: number;
}

export interface CompanyShare {
  /** area code or industry code */
  code: string;
  count: number;
}

export interface CompanyNoticeLink {
  id: number;
  title: string;
  publishTime: DateTimeString;
  noticeType: string;
  areaCode: string;
  /** 中标金额 (a candidacy: null) or else the budget, 万元; null for an award that is no sum of money */
  amount: number | null;
  /** The award in the publisher's words (`下浮率12.5%`), or null */
  amountText: string | null;
  /** In a consortium (联合体): the company's part; null alone */
  part: 'lead' | 'member' | null;
}

export interface CompanyRelation {
  id: number;
  name: string;
  /** processes or results in common */
  count: number;
  /** 中标金额 in those results, 万元 (0 for competitors) */
  amount: number;
}

export interface CompanyProfile extends CompanyListItem {
  years: CompanyYear[];
  regions: CompanyShare[];
  industries: CompanyShare[];
  latestTenders: CompanyNoticeLink[];
  latestWins: CompanyNoticeLink[];
  /** 投标/入围: the newest notices naming it among the 中标候选人 (alone or in a consortium) */
  latestCandidacies: CompanyNoticeLink[];
  latestProjects: Omit<CompanyNoticeLink, 'noticeType' | 'amountText' | 'part'>[];
  /** For a tenderer: who wins its tenders most often. */
  topWinners: CompanyRelation[];
  /** For a bidder: the companies named beside it among the 中标候选人 of the same notices. */
  competitors: CompanyRelation[];
  /** Contact of its latest tender, masked by the site's one rule (visitors and locked members). */
  contact: (ContactBlock & Pick<ContactAccess, 'contactMasked'>) | null;
}
