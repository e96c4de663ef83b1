/**
 * What the alert inbox does alike on /user/alerts and the phone's /m/pages/user/alerts: the
 * kinds' names, marking alerts read, and opening an unread alert, which reads it first.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { alertKeys, markAlertsRead, type AlertItem, type AlertKind } from './api';
import { useHttp } from '../../lib/http/context';

export const ALERT_KIND_LABELS: Record<AlertKind, string> = { new: '新公告', changed: '公告变更', deadline: '即将截止' };

/** Marks some alerts (or all) read; the inbox and the unread counts refetch either way. */
export function useMarkAlertsRead() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: number[] } | { all: true }) => markAlertsRead(http, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** One inbox row: its `mark` mutation, and the click handler of its link to `href`. */
export function useAlertRow(alert: AlertItem, href: string) {
  const mark = useMarkAlertsRead();
  const navigate = useNavigate();
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (alert.read) return;
    // Opening an alert reads it; the link still works if marking fails.
    event.preventDefault();
    mark.mutate({ ids: [alert.id] }, { onSettled: () => void navigate(href) });
  };
  return { mark, open };
}
