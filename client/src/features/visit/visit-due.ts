/** When a client is due for a visit, in Shanghai calendar days (no date library: the phone pages use it). */
import type { BaifangClient } from '@shared/visit/types';
import { parseTime } from '@shared/time';

/** `yyyy-MM-dd` of `now` in Shanghai. */
export const shanghaiDay = (now: number): string => parseTime(now, 'YYYY-MM-DD');

/** Due for a visit (getGJNum's rule): still open (待跟进/跟进中) and planned for today or earlier. */
export function isDue(client: Pick<BaifangClient, 'status' | 'nextVisitDate'>, today: string): boolean {
  return (client.status === '0' || client.status === '1') && client.nextVisitDate !== null && client.nextVisitDate <= today;
}
