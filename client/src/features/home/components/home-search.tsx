import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { normaliseKeyword, searchHref } from '../../../lib/search-href';

type SearchType = 'xmk' | 'zb';

const TYPES: readonly { value: SearchType; label: string; placeholder: string }[] = [
  { value: 'xmk', label: '搜项目', placeholder: '输入项目名称、建设单位，如：学校、道路、污水处理' },
  { value: 'zb', label: '搜招标', placeholder: '输入公告标题、招标人，如：施工、监理、设备采购' },
];

/** What visitors of provincial tender portals search for most. */
const HOT_KEYWORDS = ['道路', '学校', '医院', '污水处理', '光伏', '产业园', '安置房', '供热'] as const;

/**
 * The home search box with its 项目/招标 switch. A plain GET form underneath, so it works before
 * hydration (it then searches projects).
 */
export function HomeSearch() {
  const navigate = useNavigate();
  const [type, setType] = useState<SearchType>('xmk');
  const [keyword, setKeyword] = useState('');
  const current = TYPES.find((t) => t.value === type) ?? TYPES[0];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void navigate(searchHref(`/${type}`, { keyword: normaliseKeyword(keyword) }));
  };

  return (
    <div className="home-search">
      <div className="home-search-types" role="radiogroup" aria-label="搜索类型">
        {TYPES.map((t) => (
          <button
            key={t.value}
            type="button"
            role="radio"
            aria-checked={t.value === type}
            className={t.value === type ? 'home-search-type is-active' : 'home-search-type'}
            onClick={() => setType(t.value)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <form className="home-search-form" action={`/${type}`} method="get" role="search" onSubmit={onSubmit}>
        <input
          className="home-search-input"
          type="search"
          name="keyword"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={current?.placeholder}
          maxLength={100}
          aria-label="搜索关键词"
        />
        <button type="submit" className="home-search-submit">
          搜 索
        </button>
      </form>
      <p className="home-search-hot">
        <span>热门搜索：</span>
        {HOT_KEYWORDS.map((word) => (
          <RouteLink key={word} to={searchHref(`/${type}`, { keyword: word })}>
            {word}
          </RouteLink>
        ))}
      </p>
    </div>
  );
}
