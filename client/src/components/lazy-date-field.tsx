import { Suspense, lazy } from 'react';
import type { DateFieldProps } from './date-field';

const DateField = lazy(() => import('./date-field'));

/**
 * DateField from its own chunk. Until it arrives, a read-only text field of the same size holds
 * the place and shows the value — never the browser's native picker (mm/dd/yyyy, English messages).
 */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <input
          type="text"
          readOnly
          className="date-field-fallback"
          value={props.value}
          placeholder={props.label}
          aria-label={props.label}
        />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}
