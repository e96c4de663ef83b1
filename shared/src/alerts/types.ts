/**
 * Alerts that reach the member (ext): subscriptions matched at import time, the
 * inbox, Atom and iCal feeds behind a private token, and e-mail digests. See docs/api.md "Alerts".
 */
import type { DateTimeString } from '../contract/common';
import type { MatchMode } from './match';

/** new: a new notice matched a subscription; changed: a followed notice or project changed; deadline: 3 days ahead. */
export type AlertKind = 'new' | 'changed' | 'deadline';

export interface AlertItem {
  id: number;
  kind: AlertKind;
  contentType: 'zb' | 'xmk';
  contentId: number;
  title: string;
  read: boolean;
  createTime: DateTimeString;
  /** A short Chinese line: the subscription that matched, the fields that changed, or the date that is near. */
  detail?: string;
}

export interface Subscription {
  id: number;
  /** 1–20 characters */
  name: string;
  /** Space separated, at most 50 characters; `matchMode` says whether any word or every word must occur. */
  keywords: string;
  /** `any` (the default): a notice with any one of the keywords matches; `all`: every keyword must occur (match.ts). */
  matchMode: MatchMode;
  /** Space separated; a notice containing any of them does not match. */
  excludeWords: string;
  /** dict `cms_region` codes (a city includes its counties); empty: the whole province. */
  areaCodes: string[];
  /** dict `cms_zb_notice_type` codes; empty: every type. */
  noticeTypes: string[];
  /** 万元, inclusive; null: no bound. */
  amountMin: number | null;
  amountMax: number | null;
  enabled: boolean;
  createTime: DateTimeString;
}

/** Body of `POST /cms/alerts/subscriptions` and `PUT /cms/alerts/subscriptions/{id}` (`matchMode` may be left out: `any`). */
export type SubscriptionInput = Omit<Subscription, 'id' | 'createTime' | 'matchMode'> & { matchMode?: MatchMode };

export type EmailFrequency = 'immediate' | 'daily' | 'off';

export interface AlertSettings {
  emailFrequency: EmailFrequency;
  email: string | null;
  /** Whether `email` is confirmed (a link mailed to it was opened): alerts are mailed only then. */
  emailConfirmed: boolean;
  mailAvailable: boolean;
  /** Why mail cannot be sent (null when it can), e.g. '本站暂未开通邮件提醒'. */
  mailUnavailableReason: string | null;
}

/** Root-relative portal paths of the member's feeds: `/feeds/<token>.atom`, `/feeds/<token>.ics`. */
export interface AlertFeeds {
  atom: string;
  ics: string;
}
