/**
 * A tender's parties, dates and related project, as both sites' detail pages list them: one
 * definition, so the desktop page and the phone's name and order them alike.
 */
import type { ReactNode } from 'react';
import type { ZbDetail } from '@shared/content/types';
import { winnerLabel } from '@shared/content/zb-notice';
import { parseTime } from '@shared/time';
import { CompanyLink } from '../../company/components/company-link';
import { Link } from 'react-router-dom';

/** `xmkHref`: where the related project's page is on this site. */
export function zbDetailFields(item: ZbDetail, xmkHref: (id: number) => string): { label: string; value: ReactNode; wide?: boolean }[] {
  return [
    { label: '招标人', value: <CompanyLink name={item.tenderer} id={item.companies?.tenderer} /> },
    { label: '代理机构', value: <CompanyLink name={item.agency} id={item.companies?.agency} /> },
    ...(item.winner
      ? [{ label: winnerLabel(item.noticeType), value: <CompanyLink name={item.winner} id={item.companies?.winner} /> }]
      : []),
    { label: '开标时间', value: parseTime(item.openTime, 'YYYY-MM-DD HH:mm') },
    { label: '报名截止', value: parseTime(item.signupDeadline, 'YYYY-MM-DD HH:mm') },
    { label: '关联项目', value: item.xmk ? <Link to={xmkHref(item.xmk.id)}>{item.xmk.title}</Link> : '', wide: true },
  ];
}
