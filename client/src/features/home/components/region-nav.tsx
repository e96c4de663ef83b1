import { Link } from 'react-router-dom';
import { DICT_TYPES } from '@shared/system/types';
import { useDict } from '../../../components/dict-label';
import { citiesOf } from '../../../lib/region';

/** 按地区浏览: every city of the province, to its projects and tenders. */
export function RegionNav({ vertical = false }: { vertical?: boolean }) {
  const cities = citiesOf(useDict(DICT_TYPES.region));
  if (cities.length === 0) return null;
  return (
    <section className={vertical ? 'region-nav is-vertical' : 'region-nav'} aria-labelledby="region-nav-title">
      <h2 id="region-nav-title" className="home-side-title">
        按地区浏览
      </h2>
      <ul className="region-nav-list">
        {cities.map((city) => (
          <li key={city.dictValue}>
            <Link to={`/xmk?areaCode=${city.dictValue}`} className="region-nav-city">
              {city.dictLabel.replace(/市$/, '')}
            </Link>
            {vertical ? (
              <span className="region-nav-links">
                <Link to={`/xmk?areaCode=${city.dictValue}`}>项目</Link>
                <Link to={`/zb?areaCode=${city.dictValue}`}>招标</Link>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
