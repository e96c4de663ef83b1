/**
 * The CMS backend as an Express app (ARCHITECTURE.md). `createApp` opens (creating, migrating and
 * seeding on first start) the database in DATA_DIR, wires every route of the contract and never
 * listens; index.ts does. Tests inject the clock and the captcha generator.
 */
import express, { type Express } from 'express';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { systemClock, startOfDay, addDays, type Clock } from './clock';
import type { BackendConfig } from './config';
import type { AppContext, Logger } from './context';
import { openDatabase, Statements, type Db } from './db/connection';
import { migrate } from './db/migrations';
import { isSeeded, seedDatabase } from './db/seed/seed';
import { DEMO_FEED_INTERVAL_MS, runDemoFeed } from './db/seed/demo-feed';
import { topUpDemoData } from './db/seed/top-up';
import { errorHandler, unknownPath } from './envelope';
import { loadOrCreateAdminToken } from './modules/auth/admin-token';
import { CaptchaStore, pngCaptchaGenerator, type CaptchaGenerator } from './modules/auth/captcha';
import { LoginLockout } from './modules/auth/lockout';
import { WRITE_RATE, WriteQuotas, type WriteRate } from './modules/member/quota';
import { PasswordHasher } from './modules/auth/passwords';
import { loadPasswordCipher } from './modules/auth/rsa-keys';
import { registerAlertRoutes, registerFeedBodies } from './modules/alerts/routes';
import { AlertMailer, DEADLINE_SWEEP_MS, MAIL_INTERVAL_MS, sweepDeadlines } from './modules/alerts/service';
import { registerAuthRoutes } from './modules/auth/routes';
import { TokenService } from './modules/auth/tokens';
import { ContentStats } from './modules/content/content-stats';
import { registerContentRoutes } from './modules/content/routes';
import { ViewCounter } from './modules/content/view-counter';
import { whenImported } from './modules/content/import';
import { registerExportRoutes } from './modules/export/routes';
import { registerFavoriteRoutes } from './modules/favorite/routes';
import { registerCompanyRoutes } from './modules/company/routes';
import { registerGoodsRoutes } from './modules/goods/routes';
import { registerHomeRoutes } from './modules/home/routes';
import { registerMemberRoutes } from './modules/member/routes';
import { registerMessageRoutes } from './modules/message/routes';
import { registerScoreRoutes } from './modules/score/routes';
import { registerSystemRoutes } from './modules/system/routes';
import { registerVisitRoutes } from './modules/visit/routes';
import { createRoutes } from './routing';

export interface CreateAppOptions {
  clock?: Clock;
  captchaGenerator?: CaptchaGenerator;
  log?: Logger;
  /** bcrypt cost for new hashes, the demo members' included (default 10; tests use 4). */
  passwordRounds?: number;
  /** Writes per member per window (default `WRITE_RATE`); tests of other rules may raise it. */
  writeRate?: WriteRate;
  /** Export rows per member per day for every tier (default the tiers' `QUOTAS.exportRowsPerDay`); for benchmarks. */
  exportRowsPerDay?: number;
}

export interface BackendApp {
  app: Express;
  db: Db;
  context: AppContext;
  /** Publish the demo batch for days missing up to today (see db/seed/top-up.ts). */
  topUp(): void;
  /** Alerts' scheduled work, also run by timers: deadline alerts due now; mail digests due now. */
  alerts: { sweepDeadlines(): number; deliverMail(): Promise<number> };
  /** Flush pending view counts, stop timers, close the database. */
  close(): void;
}

/** JSON bodies above this are refused with HTTP 413. */
export const BODY_LIMIT = '100kb';
/** `POST /admin/content/import`: bigger files go through `npm run import`. */
export const IMPORT_BODY_LIMIT = '20mb';

export const consoleLogger: Logger = {
  info: (message) => console.log(message),
  error: (message, err) => console.error(message, err),
};

export function createApp(config: BackendConfig, options: CreateAppOptions = {}): BackendApp {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? consoleLogger;
  const db = openDatabase(config.dataDir, { synchronous: config.dbSynchronous });
  try {
    return assemble(
      db,
      config,
      clock,
      log,
      options.captchaGenerator ?? pngCaptchaGenerator,
      new PasswordHasher(options.passwordRounds),
      options.writeRate ?? WRITE_RATE,
      options.exportRowsPerDay,
    );
  } catch (err) {
    db.close();
    throw err;
  }
}

function assemble(
  db: Db,
  config: BackendConfig,
  clock: Clock,
  log: Logger,
  captchaGenerator: CaptchaGenerator,
  hasher: PasswordHasher,
  writeRate: WriteRate,
  exportRowsPerDay: number | undefined,
): BackendApp {
  migrate(db);
  if (!isSeeded(db)) {
    log.info(`backend: seeding demo data (${config.seedProjects} projects, ${config.seedTenders} tenders)…`);
    const { milliseconds } = seedDatabase(db, {
      projects: config.seedProjects,
      tenders: config.seedTenders,
      now: clock(),
      hasher,
    });
    log.info(`backend: seeded in ${(milliseconds / 1000).toFixed(1)} s`);
  }

  const sql = new Statements(db);
  const stats = new ContentStats(sql);
  const context: AppContext = {
    db,
    sql,
    config,
    clock,
    log,
    tokens: new TokenService(sql, clock),
    lockout: new LoginLockout(sql, clock),
    captchas: new CaptchaStore(clock),
    captchaGenerator,
    passwords: loadPasswordCipher(config.dataDir),
    hasher,
    adminToken: config.adminToken ?? loadOrCreateAdminToken(config.dataDir),
    views: new ViewCounter(db, log),
    stats,
    quotas: new WriteQuotas(sql, clock, writeRate),
  };

  const topUp = () => {
    const added = topUpDemoData(db, clock());
    if (added.days > 0) {
      stats.invalidate();
      log.info(`backend: published ${added.projects} projects and ${added.tenders} tenders for ${added.days} missing day(s)`);
    }
  };
  // Top up now, and again just after each midnight while the process runs.
  let topUpTimer: NodeJS.Timeout | undefined;
  const scheduleTopUp = () => {
    const now = clock();
    const nextMidnight = addDays(startOfDay(now), 1).getTime() + 5_000;
    topUpTimer = setTimeout(() => {
      topUp();
      scheduleTopUp();
    }, nextMidnight - now.getTime());
    topUpTimer.unref();
  };
  if (config.demoTopUp) {
    topUp();
    scheduleTopUp();
  }

  // The demo feed (issue 12): new and changed notices every few minutes, through the import.
  let feedTimer: NodeJS.Timeout | undefined;
  if (config.demoFeed) {
    feedTimer = setInterval(() => {
      try {
        const result = runDemoFeed(db, clock());
        if (result) {
          stats.invalidate();
          log.info(`backend: demo feed published ${result.inserted} new and ${result.updated} changed notices`);
        }
      } catch (err) {
        log.error('backend: demo feed failed', err);
      }
    }, DEMO_FEED_INTERVAL_MS);
    feedTimer.unref();
  }

  // Alerts (issue 12 part 3): deadline alerts every few minutes, mail every minute (immediate digests
  // within a minute of the import; the daily one from 08:00).
  const mailer = new AlertMailer(context.sql, clock, log, { smtpUrl: config.smtpUrl, from: config.mailFrom, siteUrl: config.siteUrl });
  const alerts = {
    sweepDeadlines: () => sweepDeadlines(context.sql, clock()),
    deliverMail: () => mailer.deliver(),
  };
  const sweepTimer = setInterval(() => {
    try {
      alerts.sweepDeadlines();
    } catch (err) {
      log.error('backend: deadline alerts failed', err);
    }
  }, DEADLINE_SWEEP_MS);
  sweepTimer.unref();
  const mailTimer = setInterval(() => {
    mailer.deliver().catch((err: unknown) => log.error('backend: alert mail failed', err));
  }, MAIL_INTERVAL_MS);
  mailTimer.unref();
  // An import in this process sends the immediate digests at once (the timer catches the CLI's).
  const stopImportMail = mailer.available
    ? whenImported(db, () => {
        mailer.deliver().catch((err: unknown) => log.error('backend: alert mail failed', err));
      })
    : () => undefined;

  const app = express();
  app.disable('x-powered-by');
  // Responses are small JSON computed per request; ETags would hash every body for little gain.
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  // The import takes a JSON Lines file as it is, whatever its declared type (read before express.json).
  app.use(ENDPOINTS.importNotices.path, express.text({ type: () => true, limit: IMPORT_BODY_LIMIT }));
  app.use(express.json({ limit: BODY_LIMIT }));

  registerFeedBodies(app, context);
  const routes = createRoutes(app, context.tokens, context.adminToken, {
    extensions: config.extensions,
    takeWrite: (memberId) => context.quotas.takeWrite(memberId),
  });
  registerAuthRoutes(routes, context);
  registerSystemRoutes(routes, context);
  registerHomeRoutes(routes, context);
  registerContentRoutes(routes, context);
  registerFavoriteRoutes(routes, context);
  registerScoreRoutes(routes, context);
  registerMessageRoutes(routes, context);
  registerVisitRoutes(routes, context);
  registerMemberRoutes(routes, context);
  registerGoodsRoutes(routes, context);
  registerCompanyRoutes(routes, context);
  registerAlertRoutes(routes, context, { mailer });
  registerExportRoutes(routes, context, exportRowsPerDay === undefined ? {} : { rowsPerDay: exportRowsPerDay });
  const missing = routes.missing();
  if (missing.length > 0) throw new Error(`contract endpoints without a route: ${missing.join(', ')}`);
  routes.finish();
  app.use(unknownPath);
  app.use(errorHandler(log));

  return {
    app,
    db,
    context,
    topUp,
    alerts,
    close() {
      clearTimeout(topUpTimer);
      clearInterval(feedTimer);
      clearInterval(sweepTimer);
      clearInterval(mailTimer);
      stopImportMail();
      mailer.close();
      try {
        context.views.close();
      } finally {
        db.close();
      }
    },
  };
}
