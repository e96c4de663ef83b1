import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, DICT_TYPES } from '@shared/system/types';
import { createPublicQueryCache } from './public-query-cache';
import { systemKeys } from './system';

describe('createPublicQueryCache', () => {
  it('hands the configs and dictionaries one render fetched to the next renders, for a while', () => {
    let now = 1_000_000;
    const cache = createPublicQueryCache({ ttlMs: 60_000, now: () => now });
    const first = new QueryClient();
    first.setQueryData(systemKeys.config(CONFIG_KEYS.siteTitle), '山东项目网', { updatedAt: now });
    first.setQueryData(systemKeys.dict(DICT_TYPES.region), [{ dictValue: '370100', dictLabel: '济南市' }], { updatedAt: now });
    cache.keep(first);

    now += 59_999;
    const next = new QueryClient();
    cache.seed(next);
    expect(next.getQueryData(systemKeys.config(CONFIG_KEYS.siteTitle))).toBe('山东项目网');
    expect(next.getQueryState(systemKeys.dict(DICT_TYPES.region))?.dataUpdatedAt).toBe(now - 59_999);

    now += 1;
    const later = new QueryClient();
    cache.seed(later);
    expect(later.getQueryData(systemKeys.config(CONFIG_KEYS.siteTitle))).toBeUndefined();
  });

  it('keeps nothing but the system module’s answers, and no failures', async () => {
    const cache = createPublicQueryCache({ ttlMs: 60_000 });
    const render = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render.setQueryData(['zb', 'detail', 1, 'member'], { title: '会员可见' });
    render.setQueryData(['member', 'info'], { name: '演示用户' });
    await render.prefetchQuery({
      queryKey: systemKeys.config(CONFIG_KEYS.siteDescription),
      queryFn: () => Promise.reject(new Error('down')),
    });
    cache.keep(render);

    const next = new QueryClient();
    cache.seed(next);
    expect(next.getQueryCache().getAll()).toEqual([]);
  });
});
