import { useQuery } from '@tanstack/react-query';
import { useHttp } from './http/context';
import { siteQueryOptions } from './system';

/** spec §1 fallback if the backend has no title configured. */
const FALLBACK_TITLE = '项目网 - 找项目首选';

export interface SiteInfo {
  /** "山东项目网 - 找项目首选" */
  title: string;
  /** "山东项目网" */
  name: string;
  description: string;
  /** ICP 备案号; '' when the backend has none. */
  icp: string;
  /** Customer service hotline; '' when the backend has none. */
  hotline: string;
}

/** Site title, description, 备案号 and hotline from the backend's configs (prefetched by the root route). */
export function useSite(): SiteInfo {
  const configs = useQuery(siteQueryOptions(useHttp())).data;
  const title = configs?.title || FALLBACK_TITLE;
  return {
    title,
    name: title.split(' - ')[0] ?? title,
    description: configs?.description ?? '',
    icp: configs?.icp.trim() ?? '',
    hotline: configs?.hotline.trim() ?? '',
  };
}
