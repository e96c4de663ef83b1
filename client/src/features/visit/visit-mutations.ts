/**
 * Writes of the visit CRM. Any of them can change every visit view (a record moves its client's
 * status, next date, count and last visit; the badges count both), and a new client can make a
 * favourite "已跟进": all of them invalidate the visit module and the favourite lists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BaifangClientBody, BaifangClientUpdateBody, BaifangRecordBody, BaifangRecordUpdateBody } from '@shared/visit/types';
import { favoriteKeys } from '../listings/api';
import { useHttp } from '../../lib/http/context';
import { addBaifangClient, addBaifangRecords, delBaifangRecords, updateBaifangClient, updateBaifangRecords, visitKeys } from './api';

function useInvalidateVisits() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: visitKeys.all }),
      queryClient.invalidateQueries({ queryKey: favoriteKeys.lists() }),
    ]);
}

/** Forms show failures beside their fields (`notify: false`). */
export function useSaveClient() {
  const http = useHttp();
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: BaifangClientBody | BaifangClientUpdateBody) =>
      'id' in body ? updateBaifangClient(http, body, { notify: false }) : addBaifangClient(http, body, { notify: false }),
    onSuccess: invalidate,
  });
}

export function useAddRecord() {
  const http = useHttp();
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: BaifangRecordBody) => addBaifangRecords(http, body, { notify: false }),
    onSuccess: invalidate,
  });
}

export function useUpdateRecord() {
  const http = useHttp();
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (body: BaifangRecordUpdateBody) => updateBaifangRecords(http, body, { notify: false }),
    onSuccess: invalidate,
  });
}

/** Deleting is a row action: its failure is toasted by the request layer (spec §8). */
export function useDeleteRecord() {
  const http = useHttp();
  const invalidate = useInvalidateVisits();
  return useMutation({
    mutationFn: (recordId: number) => delBaifangRecords(http, recordId),
    onSuccess: invalidate,
  });
}
