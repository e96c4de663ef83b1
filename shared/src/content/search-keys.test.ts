import { describe, expect, expectTypeOf, it } from 'vitest';
import { xmkSearchQuery, zbSearchQuery } from './schemas';
import { SEARCH_KEY_ORDER, XMK_SEARCH_KEYS, ZB_SEARCH_KEYS } from './search-keys';
import type { XmkSearchParams, ZbSearchParams } from './types';

describe('the search parameters', () => {
  it('are the search schemas’ keys, in URL order', () => {
    expect([...XMK_SEARCH_KEYS].sort()).toEqual(Object.keys(xmkSearchQuery.shape).sort());
    expect([...ZB_SEARCH_KEYS].sort()).toEqual(Object.keys(zbSearchQuery.shape).sort());
    const order = (keys: readonly string[]) =>
      [...keys].sort((a, b) => SEARCH_KEY_ORDER.indexOf(a as never) - SEARCH_KEY_ORDER.indexOf(b as never));
    expect(XMK_SEARCH_KEYS).toEqual(order(XMK_SEARCH_KEYS));
    expect(ZB_SEARCH_KEYS).toEqual(order(ZB_SEARCH_KEYS));
    expect(new Set([...XMK_SEARCH_KEYS, ...ZB_SEARCH_KEYS])).toEqual(new Set(SEARCH_KEY_ORDER));
  });

  it('are the parameter types’ keys', () => {
    expectTypeOf<keyof XmkSearchParams>().toEqualTypeOf<(typeof XMK_SEARCH_KEYS)[number]>();
    expectTypeOf<keyof ZbSearchParams>().toEqualTypeOf<(typeof ZB_SEARCH_KEYS)[number]>();
  });
});
