/**
 * The search filter panel of /xmk and /zb, in the style of Chinese tender portals: one row per
 * filter, options as links (crawlable, shareable, working before hydration), custom ranges as
 * small forms that navigate through the router (range-filters.tsx), the region picker of its own
 * (region-filter.tsx). Pages compose the rows they need.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { DictEntry } from '@shared/system/types';

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

export function Option({ to, active, children }: { to: string; active: boolean; children: ReactNode }) {
  return (
    <RouteLink to={to} className={active ? 'filter-option is-active' : 'filter-option'} aria-current={active ? 'true' : undefined}>
      {children}
    </RouteLink>
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
 * 搜索范围 and 排除词: where the keyword is looked for (全文, the default, or 标题) and
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
          <RouteLink key={filter.label} to={filter.removeHref} className="filter-chip" aria-label={`取消 ${filter.label}`}>
            {filter.label}
            <span aria-hidden="true"> ×</span>
          </RouteLink>
        ))}
        <RouteLink to={clearHref} className="filter-clear">
          清空筛选
        </RouteLink>
      </div>
    </div>
  );
}
