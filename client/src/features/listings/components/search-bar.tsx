/** Above a list: the keyword box, the result count and the sort order. */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { formatCount } from '@shared/format';

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
            <RouteLink
              key={option.value}
              to={hrefFor(option.value, active ? !isAsc : false)}
              className={active ? 'sort-option is-active' : 'sort-option'}
              aria-current={active ? 'true' : undefined}
            >
              {option.label}
              {active ? <span aria-label={isAsc ? '升序' : '降序'}>{isAsc ? ' ↑' : ' ↓'}</span> : null}
            </RouteLink>
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
