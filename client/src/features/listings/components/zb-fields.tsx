/**
 * A tender's parties, dates and related project, as both sites' detail pages list them: one
 * definition, so the desktop page and the phone's name and order them alike.
 */
import type { ReactNode } from 'react';
import type { ZbDetail } from '@shared/content/types';
import { noticeTime } from '@shared/content/notices';
import { winnerLabel, type NoticeAmount } from '@shared/content/zb-notice';
import { CompanyLink } from '../../company/components/company-link';
import { RouteLink } from '../../../components/route-link';
import { NoticeFirms } from './notice-firms';

type Field = { label: string; value: ReactNode; wide?: boolean };

/** `xmkHref`: where the related project's page is on this site. */
export function zbDetailFields(item: ZbDetail, xmkHref: (id: number) => string): Field[] {
  return [
    { label: '招标人', value: <CompanyLink name={item.tenderer} id={item.companies?.tenderer} /> },
    { label: '代理机构', value: <CompanyLink name={item.agency} id={item.companies?.agency} /> },
    ...(item.winner
      ? [
          {
            label: winnerLabel(item.noticeType),
            value: <NoticeFirms firms={item.winners} name={item.winner} id={item.companies?.winner} />,
            wide: (item.winners?.length ?? 0) > 1,
          },
        ]
      : []),
    { label: '开标时间', value: noticeTime(item, 'openTime', 'YYYY-MM-DD HH:mm') },
    { label: '报名截止', value: noticeTime(item, 'signupDeadline', 'YYYY-MM-DD HH:mm') },
    { label: '关联项目', value: item.xmk ? <RouteLink to={xmkHref(item.xmk.id)}>{item.xmk.title}</RouteLink> : '', wide: true },
  ];
}

/** The amounts as fields: each with the publisher's words beside a sum when they say more (…元/年). */
export function amountFields(amounts: readonly NoticeAmount[]): Field[] {
  return amounts.map((amount) => ({
    label: amount.label,
    value: amount.asWritten ? (
      <>
        {amount.value}
        <span className="amount-as-written">（原文：{amount.asWritten}）</span>
      </>
    ) : (
      amount.value
    ),
  }));
}
