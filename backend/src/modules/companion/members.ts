/**
 * Members of the CMS, as the companion knows them (docs/decisions/companion.md): no account here.
 * A bearer is the member's CMS token (the portal injects it as for the CMS); who it is comes from the
 * CMS's `getMemberInfo`, kept in memory for MEMBER_CACHE_MS per token digest — the token itself is
 * never stored nor logged. The member's row here mirrors what the CMS said (tier, expiry, points)
 * under the CMS's id, so alerts and exports follow the CMS's tier rules; their favourites are copied
 * from the CMS on a member's call when the copy is older than FAVOURITES_FRESH_MS (the first call
 * waits for it, later ones are answered while it is read again).
 */
import { ENDPOINTS } from '@shared/contract/endpoints';
import type { TableDataInfo } from '@shared/contract/common';
import type { FavoriteItem } from '@shared/content/types';
import type { MemberInfoResult, MemberLevel } from '@shared/member/types';
import { PAGE_SIZE_MAX } from '@shared/constants';
import { formatDateTime, type Clock } from '../../clock';
import type { Db, Statements } from '../../db/connection';
import { ApiError } from '../../envelope';
import type { Logger } from '../../log';
import type { ContentTable } from '../../search/fts-index';
import { bearerToken, tokenDigest, type Session } from '../auth/tokens';
import { CmsError, type CmsClient } from './cms-client';
import * as q from './queries';

/** How long the CMS's answer about one token is trusted: a logout or a tier change shows within this. */
export const MEMBER_CACHE_MS = 60_000;
/** Tokens remembered at most (the oldest are forgotten first). */
export const MEMBER_CACHE_ENTRIES = 10_000;
/** A member's favourites are read from the CMS again when the copy here is older than this. */
export const FAVOURITES_FRESH_MS = 60_000;
/** A member's call waits at most this for the CMS (the follower's calls may take CMS_FOLLOW_TIMEOUT_MS). */
export const MEMBER_CALL_TIMEOUT_MS = 3_000;
/** Notices whose unlock the CMS denied are asked about again after this, per member. */
export const LOCKED_FRESH_MS = 60_000;
/** Denied unlocks remembered at most (the oldest are forgotten first). */
const LOCKED_ENTRIES = 10_000;
/** Favourites read per type at most (pages of PAGE_SIZE_MAX). */
const FAVOURITE_PAGES = 50;

export const MSG_CMS_UNAVAILABLE = '暂时无法向 CMS 确认登录状态，请稍后再试';

const LEVELS: readonly MemberLevel[] = ['0', '1', '2'];

interface Cached {
  until: number;
  session: Promise<Session | null>;
}

export class CmsMembers {
  private readonly cache = new Map<string, Cached>();
  /** When each member's favourites were last asked for, and whose were ever copied. */
  private readonly favouritesRead = new Map<number, number>();
  private readonly everRead = new Set<number>();
  /** Member, kind and notice the CMS said are locked, until when that is believed. */
  private readonly locked = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly sql: Statements,
    private readonly cms: CmsClient,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /**
   * Whether the member unlocked the notice's contact at the CMS (spec: \`PUT /cms/xmk/score/\`),
   * asked of the CMS's member detail with the member's own bearer and copied here when so, so
   * what the companion serves of that notice is unmasked for them from then on. Asked only when
   * the companion would mask something for them; a "no" is believed for LOCKED_FRESH_MS, and a
   * CMS that cannot say counts as "no" (masked, the safe side).
   */
  async mirrorUnlock(session: Session, authorization: string | undefined, kind: ContentTable, id: number): Promise<boolean> {
    const token = bearerToken(authorization);
    if (token === null) return false;
    const key = `${session.memberId} ${kind} ${id}`;
    const now = this.clock().getTime();
    if ((this.locked.get(key) ?? 0) > now) return false;
    try {
      const path = kind === 'zb' ? ENDPOINTS.biddingData.path : ENDPOINTS.xmkDetailMember.path;
      const answer = await this.cms.get(path, { params: { id }, bearer: token, timeoutMs: MEMBER_CALL_TIMEOUT_MS });
      if ((answer.data as { contactAccess?: unknown } | undefined)?.contactAccess === 'unlocked') {
        q.mirrorUnlock.run(this.sql, { memberId: session.memberId, type: kind, id, time: formatDateTime(this.clock()) });
        return true;
      }
    } catch (err) {
      if (!(err instanceof CmsError)) throw err;
    }
    this.locked.delete(key);
    this.locked.set(key, now + LOCKED_FRESH_MS);
    if (this.locked.size > LOCKED_ENTRIES) this.locked.delete(this.locked.keys().next().value!);
    return false;
  }

  /** The session of a CMS bearer; null when absent or refused by the CMS; 503 when the CMS cannot say. */
  async resolve(authorization: string | undefined): Promise<Session | null> {
    const token = bearerToken(authorization);
    if (!token) return null;
    const tokenHash = tokenDigest(token);
    const key = tokenHash.toString('hex');
    const now = this.clock().getTime();
    let cached = this.cache.get(key);
    if (!cached || cached.until <= now) {
      if (this.cache.size >= MEMBER_CACHE_ENTRIES) this.forgetOldest(now);
      cached = { until: now + MEMBER_CACHE_MS, session: this.ask(token, tokenHash) };
      this.cache.set(key, cached);
      // A CMS that could not answer is asked again on the next call.
      cached.session.catch(() => this.cache.delete(key));
    }
    const session = await cached.session;
    if (session) {
      // The first call waits for the copy; later ones answer from it while it is read again.
      const first = !this.everRead.has(session.memberId);
      const reading = this.readFavourites(session.memberId, token);
      if (first) await reading;
    }
    return session;
  }

  private forgetOldest(now: number): void {
    for (const [key, entry] of this.cache) {
      if (entry.until <= now || this.cache.size >= MEMBER_CACHE_ENTRIES) this.cache.delete(key);
      else break;
    }
  }

  private async ask(token: string, tokenHash: Buffer): Promise<Session | null> {
    let answer;
    try {
      answer = (await this.cms.get(ENDPOINTS.memberInfo.path, {
        bearer: token,
        timeoutMs: MEMBER_CALL_TIMEOUT_MS,
      })) as unknown as MemberInfoResult;
    } catch (err) {
      if (err instanceof CmsError && err.failure === 'unauthorized') return null;
      this.log.error('companion: member lookup at the CMS failed', err);
      throw new ApiError(503, MSG_CMS_UNAVAILABLE, 503);
    }
    const user = answer.user;
    if (!user || !Number.isSafeInteger(user.userId) || user.userId <= 0) return null;
    const now = formatDateTime(this.clock());
    this.db.transaction(() => {
      q.dropStaleNamesake.run(this.sql, { id: user.userId, userName: user.userName });
      q.upsertMember.run(this.sql, {
        id: user.userId,
        userName: user.userName,
        nickName: user.nickName ?? user.userName,
        email: user.email ?? '',
        level: LEVELS.includes(user.level) ? user.level : '0',
        levelExpireTime: user.levelExpireTime ?? null,
        score: Math.max(0, Math.trunc(user.score ?? 0)),
        now,
      });
    })();
    return { memberId: user.userId, tokenHash };
  }

  /**
   * The member's active favourites as the CMS lists them, copied here (the alerts on followed
   * notices and the favourites export read them). A CMS that fails leaves the last copy in place.
   */
  private async readFavourites(memberId: number, token: string): Promise<void> {
    const now = this.clock().getTime();
    if ((this.favouritesRead.get(memberId) ?? -Infinity) > now - FAVOURITES_FRESH_MS) return;
    this.favouritesRead.set(memberId, now);
    try {
      const listed: { type: ContentTable; dataId: number }[] = [];
      for (const type of ['xmk', 'zb'] as const) {
        for (let pageNum = 1; pageNum <= FAVOURITE_PAGES; pageNum++) {
          const page = (await this.cms.get(ENDPOINTS.favoriteList.path, {
            bearer: token,
            timeoutMs: MEMBER_CALL_TIMEOUT_MS,
            query: { type, isCancel: 0, pageNum, pageSize: PAGE_SIZE_MAX },
          })) as unknown as TableDataInfo<FavoriteItem>;
          const rows = page.rows ?? [];
          for (const row of rows) if (row.isCancel !== 1) listed.push({ type, dataId: row.dataId });
          if (rows.length < PAGE_SIZE_MAX || pageNum * PAGE_SIZE_MAX >= page.total) break;
        }
      }
      this.keepFavourites(memberId, listed);
      this.everRead.add(memberId);
    } catch (err) {
      this.favouritesRead.delete(memberId);
      this.log.error('companion: reading favourites from the CMS failed', err);
    }
  }

  private keepFavourites(memberId: number, listed: readonly { type: ContentTable; dataId: number }[]): void {
    const now = formatDateTime(this.clock());
    const keyOf = (f: { type: string; dataId: number }) => `${f.type}:${f.dataId}`;
    const wanted = new Set(listed.map(keyOf));
    this.db.transaction(() => {
      for (const held of q.activeFavourites.all(this.sql, { memberId })) {
        if (!wanted.has(keyOf(held))) q.cancelFavourite.run(this.sql, { memberId, ...held, now });
      }
      for (const f of listed) q.keepFavourite.run(this.sql, { memberId, ...f, now });
    })();
  }
}
