/** What route modules share: one per app, built by createApp. Nothing member-specific lives here. */
import type { BackendConfig } from './config';
import type { Clock } from './clock';
import type { Db, Statements } from './db/connection';
import type { Logger } from './log';
import type { Mailer } from './mail';
import type { CaptchaGenerator, CaptchaStore } from './modules/auth/captcha';
import type { LoginLockout } from './modules/auth/lockout';
import type { PasswordHasher } from './modules/auth/passwords';
import type { ProofOfWork } from './modules/auth/proof-of-work';
import type { PasswordCipher } from './modules/auth/rsa-keys';
import type { Session, TokenService } from './modules/auth/tokens';
import type { ContentStats } from './modules/content/content-stats';
import type { ImportRunner } from './modules/content/import-runner';
import type { ViewCounter } from './modules/content/view-counter';
import type { WriteQuotas } from './modules/member/quota';
import type { ContentTable } from './search/fts-index';

export interface AppContext {
  db: Db;
  sql: Statements;
  config: BackendConfig;
  clock: Clock;
  log: Logger;
  tokens: TokenService;
  lockout: LoginLockout;
  captchas: CaptchaStore;
  captchaGenerator: CaptchaGenerator;
  /** The proof of work of login and registration (with the captcha and the extensions on). */
  pow: ProofOfWork;
  passwords: PasswordCipher;
  hasher: PasswordHasher;
  adminToken: string;
  views: ViewCounter;
  stats: ContentStats;
  /** The admin call's imports, each in a worker thread */
  imports: ImportRunner;
  /** per-member caps and write rate, taken by every member write */
  quotas: WriteQuotas;
  /** outgoing mail (SMTP_URL), each address with a daily budget */
  mailer: Mailer;
  /** A companion's copy of a member's unlock at the CMS, when it has one (CmsMembers.mirrorUnlock). */
  mirrorUnlock?: (session: Session, authorization: string | undefined, kind: ContentTable, id: number) => Promise<boolean>;
}
