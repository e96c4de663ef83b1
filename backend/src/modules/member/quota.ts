/**
 * Write quotas: what one member may store, and how fast. Every member write passes here, so one
 * account cannot fill the store (a free account could write hundreds of visit records in seconds).
 *
 * - Totals (clients, records, favourites, messages per day, pending orders) are counted in the
 *   store, in the same synchronous step as the insert (inside its transaction where it has one), so
 *   a restart cannot reset them and two racing writes cannot both take the last place. Caps grow with the tier where a paying member
 *   plausibly needs more; the effective tier counts (a lapsed VIP has a free member's caps).
 * - The rate (writes per minute) is a sliding window per member in memory: a restart forgets it,
 *   which costs at most one window's worth of extra writes, and the totals still hold.
 *
 * Over a cap: `{code: 500, msg}` naming the cap (RuoYi's code for a refused business rule, like
 * 积分不足); too fast: `{code: 429, msg: '请求过于频繁，请稍后再试'}`, the BFF's message for its per-IP
 * limits. Both are HTTP 200, so the SPA's one interceptor shows the message for every write.
 */
import { SUBSCRIPTION_LIMITS } from '@shared/alerts/match';
import type { MemberLevel } from '@shared/member/types';
import { MESSAGES } from '@shared/constants';
import { formatDateTime, MINUTE_MS, startOfDay, type Clock } from '../../clock';
import type { Statements } from '../../db/connection';
import { ApiError, invalid } from '../../envelope';
import { memberAccess } from './access';
import { quotaCount } from './queries';

export interface WriteRate {
  writes: number;
  windowMs: number;
}

/** Writes per member per sliding minute, across every write path. */
export const WRITE_RATE: WriteRate = { writes: 30, windowMs: MINUTE_MS };

const TIER_NAMES: Record<MemberLevel, string> = { '0': '普通会员', '1': '短期会员', '2': 'VIP 会员' };

/** The caps, per effective tier: 普通会员 ('0'), 短期会员 ('1'), VIP 会员 ('2'). */
export const QUOTAS = {
  /** visit clients (拜访客户) a member keeps; clients cannot be deleted, so this is for life */
  clients: { '0': 100, '1': 500, '2': 2000 },
  /** visit records (拜访记录) of one client */
  recordsPerClient: { '0': 100, '1': 200, '2': 500 },
  /** visit records of the member, all clients together */
  records: { '0': 500, '1': 5000, '2': 20000 },
  /** favourite rows, cancelled ones included (they can be restored) */
  favorites: { '0': 500, '1': 2000, '2': 5000 },
  /** messages (留言) per Shanghai day */
  messagesPerDay: { '0': 20, '1': 20, '2': 20 },
  /** orders waiting for staff to confirm payment */
  pendingOrders: { '0': 3, '1': 3, '2': 3 },
  /** alert subscriptions */
  subscriptions: SUBSCRIPTION_LIMITS,
  /**
   * rows exported to Excel per Shanghai day, all lists together: a free member gets a
   * taste (one page), a paying member a sales team's working lists. Counted as rows are sent.
   */
  exportRowsPerDay: { '0': 20, '1': 2000, '2': 20000 },
} as const satisfies Record<string, Record<MemberLevel, number>>;

export type QuotaKind = keyof typeof QUOTAS;

export function capMessage(kind: QuotaKind, level: MemberLevel, cap: number): string {
  const tier = `${TIER_NAMES[level]} ${cap}`;
  switch (kind) {
    case 'clients':
      return `拜访客户数量已达上限（${tier} 个），升级会员可添加更多`;
    case 'recordsPerClient':
      return `该客户的拜访记录已达上限（${tier} 条），请删除旧记录后再添加`;
    case 'records':
      return `拜访记录数量已达上限（${tier} 条），请删除旧记录或升级会员`;
    case 'favorites':
      return `收藏数量已达上限（${tier} 个），请先取消部分收藏`;
    case 'messagesPerDay':
      return `今日留言已达上限（${cap} 条），请明天再试或联系客服`;
    case 'pendingOrders':
      return `待支付订单已达上限（${cap} 个），请先联系客服完成支付`;
    case 'subscriptions':
      return `订阅数量已达上限（${tier} 个），升级 VIP 会员可添加更多`;
    case 'exportRowsPerDay':
      return `今日导出额度已用完（${tier} 条/天），请明天再试${level === '2' ? '' : '或升级会员'}`;
  }
}

export class WriteQuotas {
  /** member id → times (ms) of the writes inside the current window, oldest first */
  private readonly recent = new Map<number, number[]>();
  private writesSinceSweep = 0;

  constructor(
    private readonly sql: Statements,
    private readonly clock: Clock,
    private readonly rate: WriteRate = WRITE_RATE,
  ) {}

  /**
   * Count one write by this member, or refuse it with `{code: 429}` when the member already wrote
   * `rate.writes` times in the last window. The router calls it for every member write
   * (routing.ts isMemberWrite), before the input is read.
   */
  takeWrite(memberId: number): void {
    const now = this.clock().getTime();
    const since = now - this.rate.windowMs;
    const times = (this.recent.get(memberId) ?? []).filter((t) => t > since);
    if (times.length >= this.rate.writes) {
      this.recent.set(memberId, times);
      throw new ApiError(429, MESSAGES.rateLimited);
    }
    times.push(now);
    this.recent.set(memberId, times);
    if (++this.writesSinceSweep >= 1000) this.sweep(since);
  }

  /**
   * Refuse with the cap's message when the member's stored rows of `kind` already reach the cap of
   * their tier. Call inside the write's transaction, just before the insert.
   * `clientId`: the client of a new record (`recordsPerClient`).
   */
  ensureRoom(memberId: number, kind: QuotaKind, clientId?: number): void {
    const { level, cap, used } = this.usage(memberId, kind, clientId);
    if (used >= cap) throw invalid(capMessage(kind, level, cap));
  }

  /** Whether one more row of `kind` fits under the member's cap. */
  hasRoom(memberId: number, kind: QuotaKind, clientId?: number): boolean {
    const { cap, used } = this.usage(memberId, kind, clientId);
    return used < cap;
  }

  /** The member's effective tier, its cap of `kind` and how much of it is used. */
  usage(memberId: number, kind: QuotaKind, clientId?: number): { level: MemberLevel; cap: number; used: number } {
    const { level } = memberAccess(this.sql, memberId, this.clock());
    return { level, cap: QUOTAS[kind][level], used: this.count(memberId, kind, clientId) };
  }

  /** Stored rows of `kind` for this member (what `ensureRoom` compares with the cap). */
  count(memberId: number, kind: QuotaKind, clientId?: number): number {
    return quotaCount(this.sql, kind, { memberId, since: formatDateTime(startOfDay(this.clock())), clientId: clientId ?? 0 });
  }

  /** Forget members whose last write left the window, so the map holds only recent writers. */
  private sweep(since: number): void {
    this.writesSinceSweep = 0;
    for (const [memberId, times] of this.recent) {
      if (times.length === 0 || times[times.length - 1]! <= since) this.recent.delete(memberId);
    }
  }
}
