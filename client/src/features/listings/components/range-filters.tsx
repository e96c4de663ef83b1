/**
 * The filter rows for a range: an amount in 万元 and the publication date, each with presets and a
 * small form for any range typed in, which navigates through the router.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DATE_PRESETS, lastDaysBegin } from '@shared/date-presets';
import { FilterRow, Option } from './filter-panel';
import { LazyDateField } from './lazy-date-field';

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
