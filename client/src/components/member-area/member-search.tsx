import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../route-link';

/**
 * A keyword box for a member list: a GET form (works before hydration), routed with JavaScript.
 * Keyed by the caller on the URL's keyword, so back/forward resets what was typed.
 */
export function MemberSearch({
  action,
  keyword,
  placeholder,
  label,
  hrefFor,
}: {
  action: string;
  keyword: string | undefined;
  placeholder: string;
  label: string;
  hrefFor: (keyword: string | undefined) => string;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState(keyword ?? '');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(hrefFor(value.trim() || undefined));
  };
  return (
    <form className="member-search" action={action} method="get" role="search" onSubmit={onSubmit}>
      <input
        type="search"
        name="keyword"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        placeholder={placeholder}
        maxLength={50}
        aria-label={label}
      />
      <button type="submit" className="button button-primary">
        搜索
      </button>
      {keyword ? (
        <RouteLink className="button" to={hrefFor(undefined)}>
          清除
        </RouteLink>
      ) : null}
    </form>
  );
}
