/** System module (spec §7): public configs and dictionaries. */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { SYSTEM_ENDPOINTS } from '@shared/system/endpoints';
import { CONFIG_KEYS, type ConfigKey, type DictEntry, type DictType } from '@shared/system/types';
import { NO_TOKEN, type Http } from './http/http';

export const systemKeys = {
  all: ['system'] as const,
  config: (key: ConfigKey) => [...systemKeys.all, 'config', key] as const,
  site: () => [...systemKeys.all, 'site'] as const,
  dict: (type: DictType) => [...systemKeys.all, 'dict', type] as const,
};

/** Configs and dictionaries change rarely: keep them for ten minutes. */
const SLOW_CHANGING = 10 * 60_000;

/** GET /api/system/config/configKey/{key} — a public config value (RuoYi answers it in `msg`). */
export async function getConfigKey(http: Http, key: ConfigKey): Promise<string> {
  const body = await http.call(SYSTEM_ENDPOINTS.configKey, { path: { key }, ...NO_TOKEN.spec });
  return body.msg;
}

export const configQueryOptions = (http: Http, key: ConfigKey) =>
  queryOptions({ queryKey: systemKeys.config(key), queryFn: () => getConfigKey(http, key), staleTime: SLOW_CHANGING });

/** The configs every page shows (header, <head>, footer), as stored. */
export interface SiteConfigs {
  title: string;
  description: string;
  icp: string;
  hotline: string;
}

/**
 * The four site configs as one query: every page reads them, so one cache entry and one observer
 * per reader instead of four, and one entry in each page's dehydrated state. Still four calls of
 * spec §7's configKey, in parallel.
 */
export async function getSiteConfigs(http: Http): Promise<SiteConfigs> {
  const [title, description, icp, hotline] = await Promise.all(
    [CONFIG_KEYS.siteTitle, CONFIG_KEYS.siteDescription, CONFIG_KEYS.icp, CONFIG_KEYS.servicePhone].map((key) => getConfigKey(http, key)),
  );
  return { title: title ?? '', description: description ?? '', icp: icp ?? '', hotline: hotline ?? '' };
}

export const siteQueryOptions = (http: Http) =>
  queryOptions({ queryKey: systemKeys.site(), queryFn: () => getSiteConfigs(http), staleTime: SLOW_CHANGING });

/**
 * GET /api/system/dict/data/type/{type} — dictionary entries, sorted, cut to the fields the portal
 * reads (DictEntry): they travel in every page's HTML.
 */
export async function getDicts(http: Http, type: DictType): Promise<DictEntry[]> {
  const body = await http.call(SYSTEM_ENDPOINTS.dictData, { path: { type }, ...NO_TOKEN.spec });
  return body.data.map(({ dictLabel, dictValue, listClass }) =>
    listClass ? { dictLabel, dictValue, listClass } : { dictLabel, dictValue },
  );
}

export const dictQueryOptions = (http: Http, type: DictType) =>
  queryOptions({ queryKey: systemKeys.dict(type), queryFn: () => getDicts(http, type), staleTime: SLOW_CHANGING });

/** spec §3: the label of a stored code, or the code itself when the dictionary has no match. */
export function dictLabel(entries: readonly DictEntry[], value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return entries.find((entry) => entry.dictValue === value)?.dictLabel ?? value;
}

/**
 * Loads dictionaries a page shows into the query cache (and so into the server HTML). Failures
 * are swallowed on purpose: labels then fall back to raw codes instead of failing the page.
 */
export function prefetchDicts(queryClient: QueryClient, http: Http, types: readonly DictType[]): Promise<void> {
  return Promise.all(types.map((type) => queryClient.prefetchQuery(dictQueryOptions(http, type)))).then(() => undefined);
}
