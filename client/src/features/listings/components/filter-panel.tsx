/**
 * The search filter panel of /xmk and /zb, in the style of Chinese tender portals: one row per
 * filter, options as links (crawlable, shareable, working before hydration), custom ranges as
 * small forms that navigate through the router. Pages compose the rows they need.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { DictEntry } from '@shared/system/types';
import { formatCount } from '@shared/format';
import { DATE_PRESETS, lastDaysBegin } from '@shared/date-presets';
import { LazyDateField } from './lazy-date-field';
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import { citiesOf, countiesOf } from '../../../lib/region';

export function FilterPanel({ children }: { children: ReactNode }) {
  return (
    <section className="filter-panel" aria-label="筛选条件">
      {children}
    </section>
  );
}

export function FilterRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="filter-row" role="group" aria-label={label}>
      <span className="filter-label">{label}：</span>
      <div className="filter-options">{children}</div>
    </div>
  );
}

function Option({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      className={active ? 'filter-option is-active' : 'filter-option'}
      aria-current={active ? 'true' : undefined}
      preventScrollReset
    >
      {children}
    </Link>
  );
}

/** "全部" plus one link per dictionary entry. */
export function DictOptions({
  entries,
  selected,
  hrefFor,
}: {
  entries: readonly DictEntry[];
  selected: string | undefined;
  hrefFor: (value: string | undefined) => string;
}) {
  return (
    <>
      <Option to={hrefFor(undefined)} active={selected === undefined}>
        全部
      </Option>
      {entries.map((entry) => (
        <Option key={entry.dictValue} to={hrefFor(entry.dictValue)} active={selected === entry.dictValue}>
          {entry.dictLabel}
        </Option>
      ))}
    </>
  );
}

/**
 * 地区: the cities of the province; once one is chosen, its counties in a second line. The URL
 * holds `areaCode`: a city (all its counties), a county (its city is then highlighted too), or
 * several cities separated by commas (issue 13): "+" after a city adds it to the chosen ones, and
 * a chosen city's link then removes it.
 */
export function RegionFilter({
  regions,
  areaCode,
  hrefFor,
}: {
  regions: readonly DictEntry[];
  areaCode: string | undefined;
  hrefFor: (areaCode: string | undefined) => string;
}) {
  const codes = areaCode ? areaCode.split(',') : [];
  const chosenCities = codes.map(cityCodeOf);
  const single = codes.length === 1 ? codes[0] : undefined;
  const city = single ? cityCodeOf(single) : undefined;
  const counties = city ? countiesOf(regions, city) : [];
  // Cities only: adding one more keeps a clean list of cities.
  const citiesOnly = codes.length > 0 && codes.every(isCityCode);
  const listHref = (list: string[]) => hrefFor(list.length > 0 ? [...new Set(list)].sort().join(',') : undefined);
  return (
    <FilterRow label="地区">
      <Option to={hrefFor(undefined)} active={codes.length === 0}>
        全部
      </Option>
      {citiesOf(regions).map((entry) => {
        const chosen = chosenCities.includes(entry.dictValue);
        const several = codes.length > 1;
        return (
          <span key={entry.dictValue} className="filter-option-group">
            <Option
              to={several && chosen ? listHref(codes.filter((code) => code !== entry.dictValue)) : hrefFor(entry.dictValue)}
              active={chosen}
            >
              {entry.dictLabel}
            </Option>
            {citiesOnly && !chosen ? (
              <Link
                to={listHref([...codes, entry.dictValue])}
                className="filter-add"
                aria-label={`加选${entry.dictLabel}`}
                title={`加选${entry.dictLabel}`}
                preventScrollReset
              >
                +
              </Link>
            ) : null}
          </span>
        );
      })}
      {city && counties.length > 0 ? (
        <div className="filter-sub" role="group" aria-label="区县">
          <Option to={hrefFor(city)} active={single !== undefined && isCityCode(single)}>
            全市
          </Option>
          {counties.map((county) => (
            <Option key={county.dictValue} to={hrefFor(county.dictValue)} active={single === county.dictValue}>
              {county.dictLabel}
            </Option>
          ))}
        </div>
      ) : null}
    </FilterRow>
  );
}

export interface RangePreset {
  label: string;
  min?: number;
  max?: number;
}

/** "1000-5000万元", "1000万元以上", "1000万元以下": a chosen range in words, for the 已选 chips. */
export function amountRangeText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}-${max}万元`;
  return min !== undefined ? `${min}万元以上` : `${max ?? 0}万元以下`;
}

/** An amount range in 万元: presets, or any range typed in. */
export function AmountFilter({
  label,
  presets,
  min,
  max,
  hrefFor,
}: {
  label: string;
  presets: readonly RangePreset[];
  min: number | undefined;
  max: number | undefined;
  hrefFor: (min: number | undefined, max: number | undefined) => string;
}) {
  const isPreset = presets.some((p) => p.min === min && p.max === max);
  return (
    <FilterRow label={label}>
      <Option to={hrefFor(undefined, undefined)} active={min === undefined && max === undefined}>
        全部
      </Option>
      {presets.map((preset) => (
        <Option key={preset.label} to={hrefFor(preset.min, preset.max)} active={preset.min === min && preset.max === max}>
          {preset.label}
        </Option>
      ))}
      {/* Keyed by the URL's values, so back/forward and preset links reset what was typed. */}
      <AmountForm
        key={`${min ?? ''}-${max ?? ''}`}
        label={label}
        min={min}
        max={max}
        custom={!isPreset && (min !== undefined || max !== undefined)}
        hrefFor={hrefFor}
      />
    </FilterRow>
  );
}

function AmountForm({
  label,
  min,
  max,
  custom,
  hrefFor,
}: {
  label: string;
  min: number | undefined;
  max: number | undefined;
  custom: boolean;
  hrefFor: (min: number | undefined, max: number | undefined) => string;
}) {
  const navigate = useNavigate();
  const [low, setLow] = useState(min === undefined ? '' : String(min));
  const [high, setHigh] = useState(max === undefined ? '' : String(max));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const read = (text: string) => (text.trim() === '' || !(Number(text) >= 0) ? undefined : Number(text));
    void navigate(hrefFor(read(low), read(high)), { preventScrollReset: true });
  };
  return (
    <form className={custom ? 'filter-custom is-custom' : 'filter-custom'} onSubmit={onSubmit}>
      <input
        type="number"
        min={0}
        step="any"
        value={low}
        onChange={(e) => setLow(e.target.value)}
        aria-label={`${label}最低（万元）`}
        placeholder="最低"
      />
      <span className="filter-custom-dash">-</span>
      <input
        type="number"
        min={0}
        step="any"
        value={high}
        onChange={(e) => setHigh(e.target.value)}
        aria-label={`${label}最高（万元）`}
        placeholder="最高"
      />
      <span className="filter-custom-unit">万元</span>
      <button type="submit" className="button button-small">
        确定
      </button>
    </form>
  );
}

/**
 * 发布时间: "the last N days" presets and a custom range. `today` must be render-stable (the day
 * the list was fetched), or the server's and the browser's links could differ around midnight.
 */
export function DateFilter({
  today,
  begin,
  end,
  hrefFor,
}: {
  today: string;
  begin: string | undefined;
  end: string | undefined;
  hrefFor: (begin: string | undefined, end: string | undefined) => string;
}) {
  const presets = DATE_PRESETS.map((preset) => ({ ...preset, begin: lastDaysBegin(today, preset.days) }));
  const isPreset = end === undefined && presets.some((p) => p.begin === begin);
  return (
    <FilterRow label="发布时间">
      <Option to={hrefFor(undefined, undefined)} active={begin === undefined && end === undefined}>
        全部
      </Option>
      {presets.map((preset) => (
        <Option key={preset.label} to={hrefFor(preset.begin, undefined)} active={end === undefined && begin === preset.begin}>
          {preset.label}
        </Option>
      ))}
      <DateForm
        key={`${begin ?? ''}-${end ?? ''}`}
        today={today}
        begin={begin}
        end={end}
        custom={!isPreset && Boolean(begin || end)}
        hrefFor={hrefFor}
      />
    </FilterRow>
  );
}

function DateForm({
  today,
  begin,
  end,
  custom,
  hrefFor,
}: {
  today: string;
  begin: string | undefined;
  end: string | undefined;
  custom: boolean;
  hrefFor: (begin: string | undefined, end: string | undefined) => string;
}) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(begin ?? '');
  const [to, setTo] = useState(end ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(hrefFor(from || undefined, to || undefined), { preventScrollReset: true });
  };
  return (
    <form className={custom ? 'filter-custom is-custom' : 'filter-custom'} onSubmit={onSubmit}>
      {/* The site's Chinese date picker, not the browser's (mm/dd/yyyy and English messages). */}
      <LazyDateField value={from} onChange={setFrom} label="开始日期" max={to || today} active={custom} />
      <span className="filter-custom-dash">至</span>
      <LazyDateField value={to} onChange={setTo} label="结束日期" min={from || undefined} max={today} active={custom} />
      <button type="submit" className="button button-small">
        确定
      </button>
    </form>
  );
}

/**
 * 搜索范围 and 排除词 (issue 13): where the keyword is looked for (全文, the default, or 标题) and
 * words whose rows are left out, in the same scope.
 */
export function TextFilter({
  scope,
  exclude,
  scopeHref,
  excludeHref,
}: {
  scope: 'title' | 'all' | undefined;
  exclude: string | undefined;
  scopeHref: (scope: 'title' | undefined) => string;
  excludeHref: (exclude: string | undefined) => string;
}) {
  return (
    <FilterRow label="搜索范围">
      <Option to={scopeHref(undefined)} active={scope !== 'title'}>
        全文
      </Option>
      <Option to={scopeHref('title')} active={scope === 'title'}>
        标题
      </Option>
      <ExcludeForm key={exclude ?? ''} exclude={exclude} hrefFor={excludeHref} />
    </FilterRow>
  );
}

function ExcludeForm({ exclude, hrefFor }: { exclude: string | undefined; hrefFor: (exclude: string | undefined) => string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(exclude ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(hrefFor(value.trim() || undefined), { preventScrollReset: true });
  };
  return (
    <form className={exclude ? 'filter-custom is-custom' : 'filter-custom'} onSubmit={onSubmit}>
      <span className="filter-custom-unit">排除词</span>
      <input
        className="filter-exclude"
        type="text"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        aria-label="排除词（多个用空格或逗号分隔）"
        placeholder="多个用空格或逗号分隔"
        maxLength={50}
      />
      <button type="submit" className="button button-small">
        确定
      </button>
    </form>
  );
}

/** A row of preset links (全部 first), each setting a whole group of parameters. */
export function PresetRow({
  label,
  options,
  allHref,
  allActive,
}: {
  label: string;
  options: readonly { label: string; href: string; active: boolean }[];
  allHref: string;
  allActive: boolean;
}) {
  return (
    <FilterRow label={label}>
      <Option to={allHref} active={allActive}>
        全部
      </Option>
      {options.map((option) => (
        <Option key={option.label} to={option.href} active={option.active}>
          {option.label}
        </Option>
      ))}
    </FilterRow>
  );
}

/** One chosen filter, with a link that removes it. */
export interface ActiveFilter {
  label: string;
  removeHref: string;
}

export function ActiveFilters({ filters, clearHref }: { filters: readonly ActiveFilter[]; clearHref: string }) {
  if (filters.length === 0) return null;
  return (
    <div className="filter-row filter-active" role="group" aria-label="已选条件">
      <span className="filter-label">已选：</span>
      <div className="filter-options">
        {filters.map((filter) => (
          <Link key={filter.label} to={filter.removeHref} className="filter-chip" aria-label={`取消 ${filter.label}`} preventScrollReset>
            {filter.label}
            <span aria-hidden="true"> ×</span>
          </Link>
        ))}
        <Link to={clearHref} className="filter-clear" preventScrollReset>
          清空筛选
        </Link>
      </div>
    </div>
  );
}

/** "共找到 120 个项目": the count beside the sort options ("10000+" when counting stopped). */
export function ResultCount({ total, capped, noun }: { total: number; capped: boolean; noun: string }) {
  return (
    <>
      共找到 <strong>{`${formatCount(total)}${capped ? '+' : ''}`}</strong>
      {` ${noun}`}
    </>
  );
}

export interface SortOption<S extends string> {
  value: S;
  label: string;
}

/** 排序: clicking the active order flips its direction. */
export function SortBar<S extends string>({
  options,
  orderBy,
  isAsc,
  hrefFor,
  summary,
}: {
  options: readonly SortOption<S>[];
  orderBy: S;
  isAsc: boolean;
  hrefFor: (orderBy: S, asc: boolean) => string;
  summary: ReactNode;
}) {
  return (
    <div className="sort-bar">
      <div className="sort-options" role="group" aria-label="排序">
        {options.map((option) => {
          const active = option.value === orderBy;
          return (
            <Link
              key={option.value}
              to={hrefFor(option.value, active ? !isAsc : false)}
              className={active ? 'sort-option is-active' : 'sort-option'}
              aria-current={active ? 'true' : undefined}
              preventScrollReset
            >
              {option.label}
              {active ? <span aria-label={isAsc ? '升序' : '降序'}>{isAsc ? ' ↑' : ' ↓'}</span> : null}
            </Link>
          );
        })}
      </div>
      <div className="sort-summary">{summary}</div>
    </div>
  );
}

/** The keyword box of a list page: a GET form that works without JavaScript, routed with it. */
export function KeywordForm({
  action,
  keyword,
  placeholder,
  hrefFor,
}: {
  action: string;
  keyword: string | undefined;
  placeholder: string;
  hrefFor: (keyword: string) => string;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(keyword ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(hrefFor(value));
  };
  return (
    <form className="keyword-form" action={action} method="get" role="search" onSubmit={onSubmit}>
      <input
        className="keyword-input"
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        maxLength={100}
        aria-label="关键词"
      />
      <button type="submit" className="button button-primary keyword-submit">
        搜索
      </button>
    </form>
  );
}
