/**
 * What the desktop (/company/{id}) and mobile (/m/pages/company/detail) profiles read: one company
 * answer per id and viewer (masked contacts differ by viewer) and the dictionaries their rows label.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { DICT_TYPES } from '@shared/contract/system';
import { companyQueryOptions } from '../../api/company';
import { viewerOf } from '../../api/content';
import { useHttp } from '../../api/http-context';
import { prefetchDicts } from '../../api/system';
import type { AppDeps } from '../../lib/page';
import { useSession } from '../../lib/session';

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
