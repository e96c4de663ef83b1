/**
 * The site's one date picker: antd's DatePicker in Chinese (zh_CN through AntdScope), the same the
 * member area's forms use. A chunk of its own (see LazyDateField): only pages with a date field
 * download it. Values are `YYYY-MM-DD` strings, as the URLs and the API carry them.
 */
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { AntdScope } from '../../../components/antd-scope';

export interface DateFieldProps {
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange(value: string): void;
  /** Accessible name and placeholder ("开始日期"). */
  label: string;
  /** Earliest and latest choosable day, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  /** Marks the field as holding a chosen custom value. */
  active?: boolean;
}

export default function DateField({ value, onChange, label, min, max, active }: DateFieldProps) {
  const outside = (day: Dayjs) => (min !== undefined && day.isBefore(min, 'day')) || (max !== undefined && day.isAfter(max, 'day'));
  return (
    <AntdScope>
      <DatePicker
        className={active ? 'date-field is-active' : 'date-field'}
        value={value ? dayjs(value) : null}
        onChange={(day: Dayjs | null) => onChange(day ? day.format('YYYY-MM-DD') : '')}
        disabledDate={outside}
        format="YYYY-MM-DD"
        placeholder={label}
        aria-label={label}
        size="small"
      />
    </AntdScope>
  );
}
