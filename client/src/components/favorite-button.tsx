/**
 * 收藏 for members (state from `GET /cms/favorite/{id}?type=`, toggled through changeStatus);
 * visitors get a link to log in and come back.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import type { ContentType } from '@shared/contract/common';
import type { FavoriteStatus } from '@shared/contract/content';
import { loginUrl } from '@shared/routes';
import { changeFavoriteStatus, favoriteKeys, favoriteStatusQueryOptions } from '../api/content';
import { useHttp } from '../api/http-context';
import { feedback } from '../lib/feedback';
import { useSession } from '../lib/session';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
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

export function FavoriteButton({ type, id }: { type: ContentType; id: number }) {
  const session = useSession();
  const location = useLocation();
  if (!session.isLogin) {
    return (
      <Link className="button button-small favorite-button" to={loginUrl(location.pathname + location.search)}>
        <StarIcon filled={false} />
        登录后收藏
      </Link>
    );
  }
  return <MemberFavoriteButton type={type} id={id} />;
}

function MemberFavoriteButton({ type, id }: { type: ContentType; id: number }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const status = useQuery(favoriteStatusQueryOptions(http, type, id));
  const favorited = status.data?.favorited === true;
  const toggle = useMutation({
    mutationFn: (next: boolean) => changeFavoriteStatus(http, { id, type, isCancel: next ? 0 : 1 }),
    onSuccess(_result, next) {
      queryClient.setQueryData<FavoriteStatus>(favoriteKeys.status(type, id), { type, dataId: id, favorited: next });
      // The member's favourite lists are out of date now.
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.lists() });
      feedback.success(next ? '已加入收藏' : '已取消收藏');
    },
  });
  return (
    <button
      type="button"
      className={favorited ? 'button button-small favorite-button is-active' : 'button button-small favorite-button'}
      aria-pressed={favorited}
      disabled={status.isPending || toggle.isPending}
      onClick={() => toggle.mutate(!favorited)}
    >
      <StarIcon filled={favorited} />
      {favorited ? '已收藏' : '收藏'}
    </button>
  );
}
