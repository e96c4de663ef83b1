import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { useDict } from '../../../components/dict-label';
import { citiesOf } from '../../../lib/region';

const KINDS = [
  { path: '/xmk', label: '项目' },
  { path: '/zb', label: '招标' },
] as const;

/**
 * 按地区浏览: every city of the province, to its projects or its tenders. The compact grid has one
 * link per city and a 项目/招标 switch above it (projects first, as rendered by the server); the
 * vertical list has both links on each city's line.
 */
export function RegionNav({ vertical = false }: { vertical?: boolean }) {
  const cities = citiesOf(useDict(DICT_TYPES.region));
  const [kind, setKind] = useState<(typeof KINDS)[number]>(KINDS[0]);
  if (cities.length === 0) return null;
  return (
    <section className={vertical ? 'region-nav is-vertical' : 'region-nav'} aria-labelledby="region-nav-title">
      <div className="region-nav-head">
        <h2 id="region-nav-title" className="home-side-title">
          按地区浏览
        </h2>
        {vertical ? null : (
          <div className="region-nav-kinds" role="group" aria-label="浏览内容">
            {KINDS.map((item) => (
              <button key={item.path} type="button" aria-pressed={item === kind} onClick={() => setKind(item)}>
                {item.label}
              </button>
            ))}
          </div>
        )}
      </div>
      <ul className="region-nav-list">
        {cities.map((city) => {
          const name = city.dictLabel.replace(/市$/, '');
          return (
            <li key={city.dictValue}>
              <RouteLink
                to={`${vertical ? KINDS[0].path : kind.path}?areaCode=${city.dictValue}`}
                className="region-nav-city"
                aria-label={vertical ? undefined : `${name}${kind.label}`}
              >
                {name}
              </RouteLink>
              {vertical ? (
                <span className="region-nav-links">
                  {KINDS.map((item) => (
                    <RouteLink key={item.path} to={`${item.path}?areaCode=${city.dictValue}`}>
                      {item.label}
                    </RouteLink>
                  ))}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
