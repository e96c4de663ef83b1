/**
 * Filters of the record views (table and timeline): by client and by visit date, in the URL.
 * The date presets are counted back from the day the page's data was fetched (render-stable).
 */
import { DatePicker, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { BaifangClient, BaifangRecordListParams } from '@shared/visit/types';
import { lastDaysBegin } from '@shared/date-presets';
import { parseTime } from '@shared/time';
import { queryHref, withFilter } from '../../../components/member-area/member-query';
import { DATE, pickerText, pickerValue } from '../visit-dates';

export function RecordFilters({
  path,
  q,
  clients,
  now,
}: {
  path: string;
  q: BaifangRecordListParams;
  clients: readonly BaifangClient[];
  now: number;
}) {
  const navigate = useNavigate();
  const href = (patch: Partial<BaifangRecordListParams>) => queryHref(path, withFilter(q, patch));
  const go = (patch: Partial<BaifangRecordListParams>) => void navigate(href(patch), { preventScrollReset: true });
  const today = parseTime(now, DATE);
  const presets = [
    { label: '近 7 天', beginDate: lastDaysBegin(today, 7) },
    { label: '近 30 天', beginDate: lastDaysBegin(today, 30) },
    { label: '本月', beginDate: parseTime(now, 'YYYY-MM-01') },
  ];
  const filtered = q.clientId !== undefined || q.beginDate !== undefined || q.endDate !== undefined;

  return (
    <div className="member-toolbar record-filters">
      <div className="record-filter-fields">
        <Select
          className="record-filter-client"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder="全部客户"
          aria-label="按客户筛选"
          value={q.clientId}
          onChange={(clientId: number | undefined) => go({ clientId })}
          options={clients.map((client) => ({ value: client.id, label: client.companyName }))}
          notFoundContent="没有匹配的客户"
        />
        <DatePicker.RangePicker
          aria-label="按拜访日期筛选"
          value={[q.beginDate ? pickerValue(q.beginDate, DATE) : null, q.endDate ? pickerValue(q.endDate, DATE) : null]}
          allowEmpty={[true, true]}
          onChange={(range) =>
            go({ beginDate: pickerText(range?.[0], DATE) ?? undefined, endDate: pickerText(range?.[1], DATE) ?? undefined })
          }
        />
        <nav className="member-tabs" aria-label="拜访日期">
          {presets.map((preset) => {
            const active = q.beginDate === preset.beginDate && q.endDate === today;
            return (
              <RouteLink
                key={preset.label}
                to={href({ beginDate: preset.beginDate, endDate: today })}
                className={active ? 'member-tab is-active' : 'member-tab'}
                aria-current={active ? 'true' : undefined}
              >
                {preset.label}
              </RouteLink>
            );
          })}
        </nav>
      </div>
      {filtered ? (
        <RouteLink to={path} className="filter-reset">
          清空筛选
        </RouteLink>
      ) : null}
    </div>
  );
}
