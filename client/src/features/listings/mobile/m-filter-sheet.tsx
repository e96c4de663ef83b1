/**
 * The phone lists' filter sheet: the desktop panel's choices (list-filters.ts, amount-presets.ts,
 * the date presets) as chips, writing the same query keys. 地区 takes several cities, or one city
 * and then one of its counties, as the desktop's region row does.
 */
import type { XmkSearchParams, ZbSearchParams } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { DATE_PRESETS, lastDaysBegin } from '@shared/date-presets';
import { cityCodeOf, isCityCode } from '@shared/system/regions';
import { useDict } from '../../../components/dict-label';
import { Chips, ToggleChips } from '../../../components/mobile/m-list-parts';
import { citiesOf, countiesOf } from '../../../lib/region';
import type { RangePreset } from '../components/range-filters';
import type { ListFilters } from '../list-filters';
import type { DictFilter, PresetFilter } from '../listing-config';

type Params = XmkSearchParams | ZbSearchParams;
type Values = Record<string, string | number | undefined>;

export interface SheetAmount {
  label: string;
  min: 'minInvestment' | 'minAmount';
  max: 'maxInvestment' | 'maxAmount';
  presets: readonly RangePreset[];
}

/** Every parameter the sheet sets, so 重置 clears exactly these (the keyword stays). */
export function sheetKeys<P extends Params>(filters: ListFilters<P>, amount: SheetAmount): string[] {
  return [
    'areaCode',
    'beginTime',
    'endTime',
    'scope',
    'exclude',
    'orderBy',
    'isAsc',
    amount.min,
    amount.max,
    ...filters.dictFilters.map((filter) => filter.key as string),
    ...(filters.presetFilters ?? []).flatMap((filter) => filter.keys as readonly string[]),
  ];
}

/** 地区: cities (several may be chosen), and the counties of a single chosen city. */
function RegionChips({ areaCode, onChange }: { areaCode: string | undefined; onChange: (areaCode: string | undefined) => void }) {
  const regions = useDict(DICT_TYPES.region);
  const codes = areaCode ? areaCode.split(',') : [];
  const chosenCities = [...new Set(codes.map(cityCodeOf))];
  const single = codes.length === 1 ? codes[0] : undefined;
  const city = chosenCities.length === 1 ? chosenCities[0] : undefined;
  const counties = city ? countiesOf(regions, city) : [];
  const list = (cities: string[]) => (cities.length > 0 ? [...cities].sort().join(',') : undefined);
  return (
    <>
      <ToggleChips
        label="地区"
        options={citiesOf(regions).map((entry) => ({ value: entry.dictValue, label: entry.dictLabel }))}
        values={chosenCities}
        onChange={(cities) => onChange(list(cities))}
      />
      {city && counties.length > 0 ? (
        <>
          <h4>区县</h4>
          <Chips
            label="区县"
            any="全市"
            options={counties.map((entry) => ({ value: entry.dictValue, label: entry.dictLabel }))}
            value={single !== undefined && !isCityCode(single) ? single : null}
            onChange={(county) => onChange(county ?? city)}
          />
        </>
      ) : null}
    </>
  );
}

function DictChips<P extends Params>({
  filter,
  value,
  onChange,
}: {
  filter: DictFilter<P>;
  value: string | undefined;
  onChange: (v?: string) => void;
}) {
  const entries = useDict(filter.type);
  return (
    <>
      <h3>{filter.label}</h3>
      <Chips
        label={filter.label}
        options={entries.map((entry) => ({ value: entry.dictValue, label: entry.dictLabel }))}
        value={value ?? null}
        onChange={(chosen) => onChange(chosen ?? undefined)}
      />
    </>
  );
}

function PresetChips<P extends Params>({
  filter,
  today,
  draft,
  patch,
}: {
  filter: PresetFilter<P>;
  today: string;
  draft: Values;
  patch: (values: Values) => void;
}) {
  const options = filter.options(today);
  const keys = filter.keys as readonly string[];
  const chosen = options.findIndex((option) => keys.every((key) => (option.patch as Values)[key] === draft[key]));
  const cleared = Object.fromEntries(keys.map((key) => [key, undefined]));
  return (
    <>
      <h3>{filter.label}</h3>
      <Chips
        label={filter.label}
        options={options.map((option, index) => ({ value: String(index), label: option.label }))}
        value={chosen >= 0 ? String(chosen) : null}
        onChange={(value) => patch({ ...cleared, ...(value === null ? {} : (options[Number(value)]!.patch as Values)) })}
      />
    </>
  );
}

/** The sheet's filter groups; `today` is the day the list was fetched (the presets' dates). */
export function FilterSheetBody<P extends Params>({
  filters,
  amount,
  draft,
  today,
  patch,
}: {
  filters: ListFilters<P>;
  amount: SheetAmount;
  draft: P;
  today: string;
  patch: (values: Values) => void;
}) {
  const values = draft as Values;
  const amountPreset = amount.presets.findIndex((p) => p.min === values[amount.min] && p.max === values[amount.max]);
  const dates = DATE_PRESETS.map((preset) => ({
    value: String(preset.days),
    label: preset.label,
    begin: lastDaysBegin(today, preset.days),
  }));
  const datePreset = draft.endTime === undefined ? (dates.find((p) => p.begin === draft.beginTime)?.value ?? null) : null;
  const sorts = filters.sorts.filter((sort) => sort.value !== 'time');
  return (
    <div className="m-sheet-body">
      <h3>地区</h3>
      <RegionChips areaCode={draft.areaCode} onChange={(areaCode) => patch({ areaCode })} />
      {filters.dictFilters.map((filter) => (
        <DictChips
          key={filter.key as string}
          filter={filter}
          value={values[filter.key as string] as string | undefined}
          onChange={(value) => patch({ [filter.key]: value })}
        />
      ))}
      <h3>{amount.label}</h3>
      <Chips
        label={amount.label}
        options={amount.presets.map((p, index) => ({ value: String(index), label: p.label }))}
        value={amountPreset >= 0 ? String(amountPreset) : null}
        onChange={(value) => {
          const preset = value === null ? undefined : amount.presets[Number(value)];
          patch({ [amount.min]: preset?.min, [amount.max]: preset?.max });
        }}
      />
      <h3>发布时间</h3>
      <Chips
        label="发布时间"
        options={dates}
        value={datePreset}
        onChange={(value) => patch({ beginTime: value === null ? undefined : lastDaysBegin(today, Number(value)), endTime: undefined })}
      />
      {(filters.presetFilters ?? []).map((filter) => (
        <PresetChips key={filter.label} filter={filter} today={today} draft={values} patch={patch} />
      ))}
      <h3>搜索范围</h3>
      <Chips
        label="搜索范围"
        any="全文"
        options={[{ value: 'title', label: '标题' }]}
        value={draft.scope === 'title' ? 'title' : null}
        onChange={(scope) => patch({ scope: scope ?? undefined })}
      />
      <label className="m-field m-sheet-field">
        <span>排除词</span>
        <input
          type="text"
          value={draft.exclude ?? ''}
          onChange={(event) => patch({ exclude: event.target.value || undefined })}
          placeholder="多个用空格或逗号分隔"
          maxLength={50}
        />
      </label>
      <h3>排序</h3>
      <Chips
        label="排序"
        any="发布时间"
        options={sorts.map((sort) => ({ value: sort.value as string, label: sort.label }))}
        value={(draft.orderBy as string | undefined) ?? null}
        onChange={(orderBy) => patch({ orderBy: orderBy ?? undefined })}
      />
      <Chips
        label="排序方向"
        any="降序"
        options={[{ value: 'asc', label: '升序' }]}
        value={draft.isAsc === 'asc' ? 'asc' : null}
        onChange={(isAsc) => patch({ isAsc: isAsc ?? undefined })}
      />
    </div>
  );
}
