import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { DateFieldProps } from './date-field';

const DateField = lazy(() => import('./date-field'));

const noSubscription = () => () => undefined;

/** False on the server and while hydrating (both render the same HTML), true in the browser after. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * DateField from its own chunk. Until it arrives, a read-only text field of the same size holds
 * the place and shows the value — never the browser's native picker (mm/dd/yyyy, English messages).
 * The server renders only that placeholder: antd's picker there (two per /zb page, each in its own
 * ConfigProvider) was ~11 % of a rendered search's CPU for markup the browser replaces.
 */
export function LazyDateField(props: DateFieldProps) {
  const placeholder = (
    <input type="text" readOnly className="date-field-fallback" value={props.value} placeholder={props.label} aria-label={props.label} />
  );
  if (!useHydrated()) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DateField {...props} />
    </Suspense>
  );
}
