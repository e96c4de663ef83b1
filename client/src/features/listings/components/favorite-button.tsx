/**
 * 收藏 for members: the detail pages' button (state from `GET /cms/favorite/{id}?type=`) and the
 * list rows' star (state from the member's favourite ids, one call per type), both
 * toggled through changeStatus by one optimistic mutation that writes every cache showing the
 * item, so a row's star, the detail's button and 我的收藏 agree. Visitors get a link to log in and
 * come back (the same prompt on the detail and on a row).
 */
import { useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import { loginUrl } from '@shared/routes';
import { changeFavoriteStatus, favoriteIdsQueryOptions, favoriteKeys, favoriteStatusQueryOptions, setFavoriteInCache } from '../api';
import { feedback } from '../../../lib/feedback';
import type { Http } from '../../../lib/http/http';
import { useHttp } from '../../../lib/http/context';
import { hasCapability, useHasCapability } from '../../../lib/capabilities';
import type { AppDeps } from '../../../lib/page';
import { useSession } from '../../../lib/session';

/** For loaders: a member's page renders the rows' stars filled on the server (visitors have none to read). */
export function prefetchFavoriteIds(deps: Pick<AppDeps, 'queryClient' | 'http' | 'session' | 'capabilities'>, type: ContentType) {
  if (!deps.session.get().isLogin) return null;
  return deps.queryClient.prefetchQuery(favoriteIdsQueryOptions(deps.http, type, hasCapability(deps, 'favoriteIds')));
}

function StarIcon({ filled, size = 16 }: { filled: boolean; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path
        d="M12 2.5l2.9 6.2 6.8.8-5 4.7 1.3 6.7L12 17.6l-6 3.3 1.3-6.7-5-4.7 6.8-.8z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The login page, coming back here afterwards: where a visitor's 收藏 leads. */
function useLoginHref(): string {
  const location = useLocation();
  return loginUrl(location.pathname + location.search);
}

/**
 * Saves a favourite (true) or its cancellation (false) whose caches `useFavoriteToggle` already
 * changed: `undo` puts them back if the call fails (its error toast says why); the member's
 * favourite lists refetch either way.
 */
async function saveFavorite(queryClient: QueryClient, http: Http, type: ContentType, id: number, next: boolean, undo: () => void) {
  try {
    await changeFavoriteStatus(http, { id, type, isCancel: next ? 0 : 1 });
    feedback.success(next ? '已加入收藏' : '已取消收藏');
  } catch {
    undo();
  } finally {
    // The member's favourite lists (and their counts) are out of date now.
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.lists() });
  }
}

/**
 * Toggles one item's favourite state and says whether a toggle is under way, to disable the button
 * meanwhile. The star and every cache showing the item change at once and the call goes out in the
 * same tick: a member who taps 收藏 and leaves the page at once keeps the favourite. (Loading the
 * call's code on the first tap, tried once, let a reload overtake it.)
 */
export function useFavoriteToggle(type: ContentType, id: number): { isPending: boolean; toggle: (next: boolean) => void } {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  const toggle = (next: boolean) => {
    setPending(true);
    // A fetch of the same state still under way would overwrite the optimistic one: cancel it
    // (cancelling is immediate; its promise only settles later).
    void queryClient.cancelQueries({ queryKey: favoriteKeys.status(type, id), exact: true });
    void queryClient.cancelQueries({ queryKey: favoriteKeys.ids(type), exact: true });
    const undo = setFavoriteInCache(queryClient, type, id, next);
    void saveFavorite(queryClient, http, type, id, next, undo).finally(() => setPending(false));
  };
  return { isPending, toggle };
}

export function FavoriteButton({ type, id }: { type: ContentType; id: number }) {
  const session = useSession();
  const login = useLoginHref();
  if (!session.isLogin) {
    return (
      <RouteLink className="button button-small favorite-button" to={login}>
        <StarIcon filled={false} />
        登录后收藏
      </RouteLink>
    );
  }
  return <MemberFavoriteButton type={type} id={id} />;
}

function MemberFavoriteButton({ type, id }: { type: ContentType; id: number }) {
  const status = useQuery(favoriteStatusQueryOptions(useHttp(), type, id));
  const favorited = status.data?.favorited === true;
  const toggle = useFavoriteToggle(type, id);
  return (
    <button
      type="button"
      className={favorited ? 'button button-small favorite-button is-active' : 'button button-small favorite-button'}
      aria-pressed={favorited}
      disabled={status.isPending || toggle.isPending}
      onClick={() => toggle.toggle(!favorited)}
    >
      <StarIcon filled={favorited} />
      {favorited ? '已收藏' : '收藏'}
    </button>
  );
}

/**
 * The star on a list row: filled when the member follows the item. Which rows those are comes from
 * the member's favourite ids (one query per type, shared by every row), never a call per row.
 */
export function FavoriteStar({ type, id, title }: { type: ContentType; id: number; title: string }) {
  const session = useSession();
  const login = useLoginHref();
  if (!session.isLogin) {
    return (
      // nofollow: twenty login links per list page are nothing for a crawler to follow.
      <RouteLink className="favorite-star" to={login} rel="nofollow" aria-label={`登录后收藏：${title}`} title="登录后收藏">
        <StarIcon filled={false} size={18} />
      </RouteLink>
    );
  }
  return <MemberFavoriteStar type={type} id={id} title={title} />;
}

function MemberFavoriteStar({ type, id, title }: { type: ContentType; id: number; title: string }) {
  const viaExt = useHasCapability('favoriteIds');
  const ids = useQuery({ ...favoriteIdsQueryOptions(useHttp(), type, viaExt), select: (all: number[]) => all.includes(id) });
  const favorited = ids.data === true;
  const toggle = useFavoriteToggle(type, id);
  return (
    <button
      type="button"
      className={favorited ? 'favorite-star is-active' : 'favorite-star'}
      aria-pressed={favorited}
      aria-label={`收藏：${title}`}
      title={favorited ? '已收藏，点击取消' : '收藏'}
      disabled={ids.isPending}
      onClick={() => toggle.toggle(!favorited)}
    >
      <StarIcon filled={favorited} size={18} />
    </button>
  );
}
