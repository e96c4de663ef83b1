/**
 * What tells the two listings apart: /xmk (项目库) and /zb (招标信息) share one list page, one
 * result row and one detail page (features/listings), each driven by a per-type config (the page
 * modules in ./pages). Anything that differs between the types belongs here, not in a branch.
 */
import type { ReactNode } from 'react';
import type { QueryClient, QueryKey, UseSuspenseQueryOptions } from '@tanstack/react-query';
import type { ContentType } from '@shared/contract/common';
import type { XmkDetail, XmkListItem, ZbDetail } from '@shared/content/types';
import type { DictEntry, DictType } from '@shared/system/types';
import type { Paged } from '../../lib/http/paged';
import type { DictLookup } from '../../components/dict-label';
import type { Http } from '../../lib/http/http';
import type { RangePreset } from './components/range-filters';
import type { SortOption } from './components/search-bar';
import type { SearchParams } from '../../lib/search-href';

/** What a result row needs of an item, whatever its type. */
export type ListRow = Pick<XmkListItem, 'id' | 'title' | 'highlightTitle' | 'snippet' | 'areaCode' | 'publishTime' | 'views'>;

/** Keys of P whose values are strings (dict codes) or numbers (amounts). */
type KeysOf<P, V> = { [K in keyof P]-?: NonNullable<P[K]> extends V ? K : never }[keyof P];

/** A dictionary filter row of the panel, and its 已选 chip. */
export interface DictFilter<P> {
  key: KeysOf<P, string>;
  type: DictType;
  /** The row's label (项目阶段). */
  label: string;
  /** The chip's label, when shorter (阶段). */
  chip?: string;
}

/**
 * A row of preset choices that set several parameters at once (报名截止 未截止, 开标时间 未来 7
 * 天). `today` is the render-stable day the list was fetched.
 */
export interface PresetFilter<P> {
  label: string;
  /** The parameters the row sets; 全部 clears them. */
  keys: readonly (keyof P & string)[];
  options: (today: string) => readonly { label: string; patch: Partial<P> }[];
}

/** The amount row of the panel (万元). */
export interface AmountFilterSpec<P> {
  label: string;
  presets: readonly RangePreset[];
  min: KeysOf<P, number>;
  max: KeysOf<P, number>;
}

/** One "label：value" of a result row's meta line. */
export interface RowField {
  label: string;
  value: ReactNode;
  /** Takes the rest of the line (a company name). */
  wide?: boolean;
  className?: string;
}

/** The result row of one type. */
export interface RowConfig<Row extends ListRow> {
  /** The coloured tag before the title (stage, notice type). */
  tag: { type: DictType; value: (row: Row) => string };
  /** `now`: when the results were fetched (render-stable), for deadlines. */
  fields: (row: Row, dict: DictLookup, now: number) => RowField[];
  amount: (row: Row) => number | null;
  /** The words under the amount; `tagLabel` is the tag's label (预算 before an award, 中标 after). */
  amountLabel: (row: Row, tagLabel: string) => string;
}

/** A list page: /xmk or /zb. */
/** `K`: the query key's type, inferred from `search` (query functions take their exact key). */
export interface ListConfig<P extends SearchParams, Row extends ListRow, K extends QueryKey> {
  type: ContentType;
  /** h1, breadcrumb and the title without a keyword (项目库). */
  name: string;
  subtitle: string;
  placeholder: string;
  /** Title of a keyword search (“道路”相关招标). */
  keywordTitle: (keyword: string) => string;
  description: (keyword: string | undefined, total: number) => string;
  read: (query: URLSearchParams) => P;
  search: (http: Http, params: P) => UseSuspenseQueryOptions<Paged<Row>, Error, Paged<Row>, K>;
  /** Dictionary rows in panel order (the region row comes first, dates and amounts after). */
  dictFilters: readonly DictFilter<P>[];
  amount: AmountFilterSpec<P>;
  /** Rows of presets after the dates (zb: 报名截止, 开标时间). */
  presetFilters?: readonly PresetFilter<P>[];
  sorts: readonly SortOption<NonNullable<P['orderBy']> & string>[];
  /** "共找到 N 个项目". */
  noun: string;
  /** "没有符合条件的项目，试试减少筛选条件或查看全部项目。" */
  empty: { none: string; all: string };
  row: RowConfig<Row>;
}

/** What a detail config gets besides the item. */
export interface DetailContext {
  regions: readonly DictEntry[];
  /** The tag's label (施工, 招标公告). */
  tagLabel: string;
  /** When the item was fetched (render-stable). */
  now: number;
}

/** A detail page: /xmk/{id} or /zb/{id}. */
export interface DetailConfig<Item extends XmkDetail | ZbDetail, K extends QueryKey> {
  type: ContentType;
  /** The list's name for the breadcrumb (项目库). */
  listName: string;
  dicts: readonly DictType[];
  detail: (http: Http, id: number, viewer: 'member' | 'public') => UseSuspenseQueryOptions<Item, Error, Item, K>;
  /** Secondary data prefetched with the item (the page renders without it). */
  prefetch?: (queryClient: QueryClient, http: Http, id: number) => Promise<void>;
  tag: { type: DictType; value: (item: Item) => string };
  describe: (item: Item, ctx: DetailContext) => string;
  /** JSON-LD Article's articleSection. */
  section: (ctx: DetailContext) => string;
  /** Extra tags after industry and region (报名中 / 报名已截止). */
  headerTags?: (item: Item, ctx: DetailContext) => ReactNode;
  /** Whether 更新时间 is worth showing (it is set). */
  showUpdateTime: (item: Item) => boolean;
  figures: (item: Item, ctx: DetailContext) => { value: ReactNode; label: string }[];
  overviewTitle: string;
  fields: (item: Item, ctx: DetailContext) => { label: string; value: ReactNode; wide?: boolean }[];
  /** Sections right under the overview (中标候选人). */
  afterOverview?: (item: Item) => ReactNode;
  contentTitle: string;
  /** Under the body (a source disclaimer). */
  contentNote?: ReactNode;
  /** Sections after the body (项目进展). */
  afterContent?: (item: Item) => ReactNode;
  /**
   * The notice lifecycle (capability `lifecycle`, fields in the answer): a banner under the header, and the
   * sections after the body, which then replace `afterContent`.
   */
  lifecycle?: { banner?: (item: Item) => ReactNode; sections: (item: Item) => ReactNode };
  /** The first aside card: what the item relates to. */
  related: { title: string; body: (item: Item) => ReactNode };
  more: { title: string; links: (item: Item, ctx: DetailContext) => { to: string; label: ReactNode }[] };
}
