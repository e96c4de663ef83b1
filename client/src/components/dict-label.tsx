/**
 * Dictionary labels (spec §3: a stored code becomes a display label; without a match the raw code
 * is shown). Pages prefetch the dictionaries they show in their `load` (see `prefetchDicts`), so
 * the server HTML already holds the labels; a dictionary that failed to load degrades to codes.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import type { DictEntry, DictType } from '@shared/system/types';
import { useHttp } from '../lib/http/context';
import { dictLabel, dictQueryOptions } from '../lib/system';

/** The entries of one dictionary; empty until loaded (or when loading failed). */
export function useDict(type: DictType): readonly DictEntry[] {
  return useQuery(dictQueryOptions(useHttp(), type)).data ?? NO_ENTRIES;
}

const NO_ENTRIES: readonly DictEntry[] = [];

/** The entries of the dictionaries a list shows, by type (empty for a type not asked for). */
export type DictLookup = (type: DictType) => readonly DictEntry[];

/**
 * Several dictionaries at once, for a list to read them once and hand them to its rows (one
 * query observer per dictionary, not one per row).
 */
export function useDicts(types: readonly DictType[]): DictLookup {
  const http = useHttp();
  const results = useQueries({ queries: types.map((type) => dictQueryOptions(http, type)) });
  return (type) => results[types.indexOf(type)]?.data ?? NO_ENTRIES;
}

export function DictLabel({ type, value }: { type: DictType; value: string | null | undefined }) {
  return <>{dictLabel(useDict(type), value)}</>;
}

/** Element's tag colours by the dictionary's `listClass` hint. */
const TAG_CLASSES = new Set(['primary', 'success', 'info', 'warning', 'danger']);

/** A coloured label (stage, notice type), e.g. "施工" in green. */
export function DictTag({ type, value }: { type: DictType; value: string | null | undefined }) {
  return <EntryTag entries={useDict(type)} value={value} />;
}

/** `DictTag` with the dictionary at hand. */
export function EntryTag({ entries, value }: { entries: readonly DictEntry[]; value: string | null | undefined }) {
  if (!value) return null;
  const entry = entries.find((e) => e.dictValue === value);
  const tone = entry?.listClass && TAG_CLASSES.has(entry.listClass) ? entry.listClass : 'default';
  return <span className={`tag tag-${tone}`}>{entry?.dictLabel ?? value}</span>;
}
