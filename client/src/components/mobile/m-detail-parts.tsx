/** Parts of the mobile detail pages: header figures, field lists, the app the page is open in. */
import { useSyncExternalStore, type ReactNode } from 'react';
import { getInAppBrowser, type InAppBrowser } from '@shared/device';

/** The key numbers of a mobile header (金额, 积分…): value over label. */
export function MobileFigures({ figures }: { figures: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="m-figures">
      {figures.map((figure) => (
        <div key={figure.label}>
          <dd>{figure.value}</dd>
          <dt>{figure.label}</dt>
        </div>
      ))}
    </dl>
  );
}

/** A labelled list of fields in a mobile card (概况, 地区与行业); an empty value shows as "—". */
export function MobileFields({ fields }: { fields: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className="m-fields">
      {fields.map((field) => (
        <div key={field.label}>
          <dt>{field.label}</dt>
          <dd>{field.value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

const noSubscription = () => () => {};

/**
 * The app the page is open in (WeChat, Weibo, …): null on the server and while hydrating, since the
 * HTML is shared by every browser (and cached), then read from the browser's own User-Agent.
 */
export function useInAppBrowser(): InAppBrowser | null {
  return useSyncExternalStore(
    noSubscription,
    () => getInAppBrowser(navigator.userAgent),
    () => null,
  );
}
