/**
 * The member's favourites (DOMAIN.md): each row links to its detail page, can be cancelled — the
 * row stays in place with 撤销 until the member leaves the page, so a slip is undone in one click
 * (`changeStatus` with `isCancel`) — and can be followed up (`addGJ`: the item's company becomes
 * a visit client). The detail pages' 收藏 buttons and the list rows' stars read caches every change
 * here writes (setFavoriteInCache), so all agree without a reload.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouteLink } from '../../../components/route-link';
import type { FavoriteItem } from '@shared/content/types';
import { DICT_TYPES, type DictEntry } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { favoriteKeys, addFavoriteGJ, changeFavoriteStatus, setFavoriteInCache } from '../../listings/api';
import { type Paged } from '../../../lib/http/paged';
import { useHttp } from '../../../lib/http/context';
import { visitKeys } from '../../visit/api';
import { DictTag } from '../../../components/dict-label';
import { regionName } from '../../../lib/region';
import { feedback } from '../../../lib/feedback';
import { detailPath } from '@shared/content/paths';
import { CONTENT_TYPE_LABEL } from '../../../lib/content-labels';

/** Rows of every cached favourite list with `id` changed by `patch`. */
function patchRows(rows: Paged<FavoriteItem> | undefined, id: number, patch: Partial<FavoriteItem>) {
  return rows && { ...rows, rows: rows.rows.map((row) => (row.id === id ? { ...row, ...patch } : row)) };
}

/**
 * A cached list after a row's 取消收藏 or 撤销: the row stays (so 撤销 is one click away), and the
 * count follows it — 共 N 条收藏 counts active favourites, so a cancel takes one off and 撤销 puts it back.
 */
function toggledIn(list: Paged<FavoriteItem> | undefined, id: number, isCancel: 0 | 1) {
  const row = list?.rows.find((r) => r.id === id);
  if (!list || !row || row.isCancel === isCancel) return list;
  return {
    ...list,
    rows: list.rows.map((r) => (r.id === id ? { ...r, isCancel } : r)),
    total: Math.max(0, list.total + (isCancel === 1 ? -1 : 1)),
  };
}

function useFavoriteToggle() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, isCancel }: { item: FavoriteItem; isCancel: 0 | 1 }) =>
      changeFavoriteStatus(http, { id: item.dataId, type: item.type, isCancel }),
    onSuccess(_result, { item, isCancel }) {
      setFavoriteInCache(queryClient, item.type, item.dataId, isCancel === 0);
      queryClient.setQueriesData<Paged<FavoriteItem>>({ queryKey: favoriteKeys.lists() }, (list) => toggledIn(list, item.id, isCancel));
      // Other lists' counts and orders are out of date, but refetching now would take the row (and its 撤销) away.
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.lists(), refetchType: 'none' });
      feedback.success(isCancel === 1 ? '已取消收藏' : '已恢复收藏');
    },
  });
}

function useFollowUp(onFollowed: (favoriteId: number, clientId: number) => void) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: FavoriteItem) => addFavoriteGJ(http, { id: item.dataId, type: item.type }),
    onSuccess(client, item) {
      onFollowed(item.id, client.id);
      queryClient.setQueriesData<Paged<FavoriteItem>>({ queryKey: favoriteKeys.lists() }, (rows) =>
        patchRows(rows, item.id, { followed: true }),
      );
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.lists(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: visitKeys.all });
      feedback.success(`已将「${client.companyName}」加入跟进`);
    },
  });
}

export function FavoriteList({ rows, regions }: { rows: readonly FavoriteItem[]; regions: readonly DictEntry[] }) {
  // Clients made here, so "查看客户" can open the right one.
  const [clientOf, setClientOf] = useState<Record<number, number>>({});
  const toggle = useFavoriteToggle();
  const followUp = useFollowUp((favoriteId, clientId) => setClientOf((known) => ({ ...known, [favoriteId]: clientId })));
  const busy = (item: FavoriteItem) =>
    (toggle.isPending && toggle.variables.item.id === item.id) || (followUp.isPending && followUp.variables.id === item.id);

  return (
    <ul className="favorite-list">
      {rows.map((item) => {
        const cancelled = item.isCancel === 1;
        const clientId = clientOf[item.id];
        return (
          <li key={item.id} className={cancelled ? 'favorite-item is-cancelled' : 'favorite-item'}>
            <div className="favorite-main">
              <p className="favorite-title">
                <span className={item.type === 'xmk' ? 'tag tag-primary' : 'tag tag-warning'}>{CONTENT_TYPE_LABEL[item.type]}</span>
                <RouteLink to={detailPath(item.type, item.dataId)} title={item.title}>
                  {item.title}
                </RouteLink>
              </p>
              <p className="favorite-meta">
                <DictTag type={item.type === 'xmk' ? DICT_TYPES.xmkStage : DICT_TYPES.zbNoticeType} value={item.category} />
                <span>{regionName(regions, item.areaCode)}</span>
                <span>发布于 {parseTime(item.publishTime, 'YYYY-MM-DD')}</span>
                <span>收藏于 {parseTime(item.createTime, 'YYYY-MM-DD')}</span>
              </p>
            </div>
            <div className="favorite-actions">
              {cancelled ? (
                <>
                  <span className="favorite-cancelled" role="status">
                    已取消收藏
                  </span>
                  <button
                    type="button"
                    className="button button-small button-primary"
                    disabled={busy(item)}
                    onClick={() => toggle.mutate({ item, isCancel: 0 })}
                  >
                    撤销
                  </button>
                </>
              ) : (
                <>
                  {clientId !== undefined ? (
                    <RouteLink className="button button-small" to={`/user/baifangClient?cid=${clientId}`}>
                      查看客户
                    </RouteLink>
                  ) : item.followed ? (
                    <RouteLink className="favorite-followed" to="/user/baifangClient" title="该单位已在客户跟进列表中">
                      ✓ 已跟进
                    </RouteLink>
                  ) : (
                    <button type="button" className="button button-small" disabled={busy(item)} onClick={() => followUp.mutate(item)}>
                      加入跟进
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button-small favorite-cancel"
                    disabled={busy(item)}
                    onClick={() => toggle.mutate({ item, isCancel: 1 })}
                  >
                    取消收藏
                  </button>
                </>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
