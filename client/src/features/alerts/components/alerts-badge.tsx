/**
 * 消息 in the header's member menu with the unread count: asked every minute and when
 * the tab comes back into focus, only for members of a backend that has alerts.
 */
import { useQuery } from '@tanstack/react-query';
import { RouteLink } from '../../../components/route-link';
import { unreadQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { useHasCapability } from '../../../lib/capabilities';

export const UNREAD_POLL_MS = 60_000;
export const ALERTS_PATH = '/user/alerts';

export function AlertsBadge() {
  const offered = useHasCapability('alerts');
  const unread = useQuery({
    ...unreadQueryOptions(useHttp()),
    enabled: offered,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
  if (!offered) return null;
  const count = unread.data ?? 0;
  return (
    <RouteLink to={ALERTS_PATH} className="site-member-alerts" aria-label={count > 0 ? `消息提醒，${count} 条未读` : '消息提醒'}>
      消息
      {count > 0 ? (
        <span className="site-member-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </RouteLink>
  );
}
