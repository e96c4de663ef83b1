import { RouteLink } from '../../../components/route-link';
import type { DictEntry } from '@shared/system/types';
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import { citiesOf, countiesOf } from '../../../lib/region';
import { FilterRow, Option } from './filter-panel';

/**
 * 地区: the cities of the province; once one is chosen, its counties in a second line. The URL
 * holds `areaCode`: a city (all its counties), a county (its city is then highlighted too), or
 * several cities separated by commas: "+" after a city adds it to the chosen ones, and
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
              <RouteLink
                to={listHref([...codes, entry.dictValue])}
                className="filter-add"
                aria-label={`加选${entry.dictLabel}`}
                title={`加选${entry.dictLabel}`}
              >
                +
              </RouteLink>
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
