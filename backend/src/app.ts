/**
 * The CMS backend as an Express app (ARCHITECTURE.md). `createApp` opens (creating, migrating and
 * seeding on first start) the database in DATA_DIR, wires every route of the contract and lists
 * the scheduled jobs; it never listens and starts no timer: index.ts listens and runs the jobs
 * (scheduler.ts). Tests inject the clock and the captcha generator, and call a job directly.
 */
import express, { type ErrorRequestHandler, type Express } from 'express';
import { METRICS_PATH, metricsRoute, registryText } from '@portal/metrics';
import { CLIENT_HEADER } from '@shared/constants';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { systemClock, type Clock } from './clock';
import type { BackendConfig } from './config';
import type { AppContext } from './context';
import { openDatabase, statementsOf, type Db } from './db/connection';
import { ApiError, errorHandler, unknownPath } from './envelope';
import { createPino, pinoLogger, type Logger } from './log';
import { httpMetrics, registry } from './metrics';
import { migrateDatabase } from './migrate-database';
import { loadOrCreateAdminToken } from './modules/auth/admin-token';
import { CaptchaStore, pngCaptchaGenerator, type CaptchaGenerator } from './modules/auth/captcha';
import { POW_DIFFICULTY, ProofOfWork, type PowDifficulty } from './modules/auth/proof-of-work';
import { LoginLockout } from './modules/auth/lockout';
import { WRITE_RATE, WriteQuotas, type WriteRate } from './modules/member/quota';
import { PasswordHasher } from './modules/auth/passwords';
import { loadPasswordCipher } from './modules/auth/rsa-keys';
import { registerAlertRoutes, registerFeedBodies } from './modules/alerts/routes';
import { registerOcdsBodies, registerOcdsRoutes } from './modules/ocds/routes';
import { DEADLINE_SWEEP_SCHEDULE, sweepDeadlines } from './modules/alerts/deadlines';
import { Mailer } from './mail';
import { AlertMailer, MAIL_SCHEDULE } from './modules/alerts/mail';
import { registerAuthRoutes } from './modules/auth/routes';
import { TokenService } from './modules/auth/tokens';
import { ContentStats } from './modules/content/content-stats';
import { registerContentRoutes } from './modules/content/routes';
import { VIEW_FLUSH_SCHEDULE, ViewCounter } from './modules/content/view-counter';
import { whenImported } from './modules/content/import';
import { ImportRunner } from './modules/content/import-runner';
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
import { createRoutes, type RouteOptions } from './routing';
import { CmsClient } from './modules/companion/cms-client';
import { CmsFollower } from './modules/companion/follower';
import { CmsMembers } from './modules/companion/members';
import { callTheCms, companionServes } from './modules/companion/scope';
import type { Job } from './scheduler';
import { DEMO_FEED_SCHEDULE, runDemoFeed } from './seed/demo-feed';
import { isSeeded, seedDatabase } from './seed/seed';
import { TOP_UP_SCHEDULE, topUpDemoData } from './seed/top-up';

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
  /** The proof of work's difficulty (default POW_DIFFICULTY); tests make it small. */
  powDifficulty?: PowDifficulty;
}

export interface BackendApp {
  app: Express;
  db: Db;
  context: AppContext;
  /** Publish the demo batch for days missing up to today (see seed/top-up.ts). */
  topUp(): void;
  /** Publish one batch of the demo feed (see seed/demo-feed.ts). */
  demoFeed(): void;
  /** Alerts' scheduled work: deadline alerts due now; mail digests due now. */
  alerts: { sweepDeadlines(): number; deliverMail(): Promise<number> };
  /** With CMS_URL: the companion's reading of the CMS (its jobs are in `jobs`). */
  follower: CmsFollower | null;
  /** The work above and the view counts' writes, on their schedules: index.ts starts them. */
  jobs: Job[];
  /** Flush pending view counts, close the mail transport and the database. */
  close(): void;
}

/** JSON bodies above this are refused with HTTP 413. */
export const BODY_LIMIT = '100kb';
/** `POST /admin/content/import`: bigger files go through `npm run import` (the 413 says so). */
export const IMPORT_BODY_LIMIT_MB = 20;
export const MSG_IMPORT_TOO_LARGE = `文件超过 ${IMPORT_BODY_LIMIT_MB} MB 的上限：更大的文件请在服务器上用 npm run import -- 文件 导入（不限大小，逐行读取）`;

export function createApp(config: BackendConfig, options: CreateAppOptions = {}): BackendApp {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? pinoLogger(createPino());
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
      options.powDifficulty ?? POW_DIFFICULTY,
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
  powDifficulty: PowDifficulty,
): BackendApp {
  migrateDatabase(db);
  // A companion holds what it reads from its CMS, and nothing generated.
  const companion = config.cmsUrl !== undefined;
  if (!isSeeded(db)) {
    log.info(
      companion
        ? 'backend: creating the companion database…'
        : `backend: seeding demo data (${config.seedProjects} projects, ${config.seedTenders} tenders)…`,
    );
    const { milliseconds } = seedDatabase(db, {
      projects: config.seedProjects,
      tenders: config.seedTenders,
      now: clock(),
      hasher,
      empty: companion,
    });
    log.info(`backend: seeded in ${(milliseconds / 1000).toFixed(1)} s`);
  }

  // The connection's one statement cache: the import and the jobs on this connection share it.
  const sql = statementsOf(db);
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
    pow: new ProofOfWork(clock, powDifficulty),
    passwords: loadPasswordCipher(config.dataDir),
    hasher,
    adminToken: config.adminToken ?? loadOrCreateAdminToken(config.dataDir),
    views: new ViewCounter(db),
    stats,
    imports: new ImportRunner(db, config.dbSynchronous),
    quotas: new WriteQuotas(sql, clock, writeRate),
    mailer: new Mailer(sql, clock, { smtpUrl: config.smtpUrl, from: config.mailFrom }),
  };

  const topUp = () => {
    const added = topUpDemoData(db, clock());
    if (added.days > 0) {
      stats.invalidate();
      log.info(`backend: published ${added.projects} projects and ${added.tenders} tenders for ${added.days} missing day(s)`);
    }
  };
  // New and changed notices every few minutes, through the import, so lifecycles move in the demo.
  const demoFeed = () => {
    const result = runDemoFeed(db, clock());
    if (result) {
      stats.invalidate();
      log.info(`backend: demo feed published ${result.inserted} new and ${result.updated} changed notices`);
    }
  };

  const mailer = new AlertMailer(context.sql, clock, log, context.mailer, { siteUrl: config.siteUrl });
  if (mailer.available && !config.siteUrl) {
    log.info('backend: SITE_URL is unset: mail links use the portal origin each member saved their mail settings at');
  }
  const alerts = {
    sweepDeadlines: () => sweepDeadlines(context.sql, clock()),
    deliverMail: () => mailer.deliver(),
  };
  // An import in this process sends the immediate digests at once (the mail job catches the CLI's).
  const stopImportMail = mailer.available
    ? whenImported(db, () => {
        mailer.deliver().catch((err: unknown) => log.error('backend: alert mail failed', err));
      })
    : () => undefined;

  const cms =
    config.cmsUrl === undefined
      ? null
      : new CmsClient(config.cmsUrl, { timeoutMs: config.follow.timeoutMs, pauseMs: config.follow.pauseMs });
  const follower = cms && new CmsFollower(db, cms, config.follow, clock, log, () => stats.invalidate());
  const members = cms && new CmsMembers(db, context.sql, cms, clock, log);

  const jobs: Job[] = [
    { name: 'backend: writing view counts', pattern: VIEW_FLUSH_SCHEDULE, run: () => context.views.flush() },
    // Deadline alerts every few minutes; mail every minute (immediate digests within a minute of
    // an import by the CLI; the daily one from 08:00).
    { name: 'backend: deadline alerts', pattern: DEADLINE_SWEEP_SCHEDULE, run: alerts.sweepDeadlines },
    { name: 'backend: alert mail', pattern: MAIL_SCHEDULE, run: alerts.deliverMail },
    ...(follower
      ? [
          // Catches up at start (after a restart too), then every few seconds.
          {
            name: 'companion: following the CMS',
            pattern: '* * * * * *',
            interval: config.follow.intervalSeconds,
            atStart: true,
            run: () => follower.follow(),
          },
          {
            name: 'companion: reconciling with the CMS',
            pattern: '* * * * * *',
            interval: config.follow.reconcileSeconds,
            run: () => follower.reconcile(),
          },
        ]
      : []),
    ...(config.demoFeed && !companion ? [{ name: 'backend: demo feed', pattern: DEMO_FEED_SCHEDULE, run: demoFeed }] : []),
    // Top up at start, and again just after each midnight while the process runs.
    ...(config.demoTopUp && !companion ? [{ name: 'backend: demo top-up', pattern: TOP_UP_SCHEDULE, atStart: true, run: topUp }] : []),
  ];

  const app = express();
  app.disable('x-powered-by');
  // Responses are small JSON computed per request; ETags would hash every body for little gain.
  app.set('etag', false);
  app.use(httpMetrics);
  // For the operator on this machine (or with METRICS_TOKEN), never for a call the portal forwarded.
  app.get(METRICS_PATH, metricsRoute({ token: config.metricsToken, forwardedBy: [CLIENT_HEADER], read: registryText(registry) }));
  app.use((_req, res, next) => {
    res.set('X-Content-Type-Options', 'nosniff');
    next();
  });
  // The import takes the file's bytes as they are, whatever their declared type (read before
  // express.json): the import decodes them (UTF-8 or GBK). Too big: a 413 naming the limit and the CLI.
  app.use(ENDPOINTS.importNotices.path, express.raw({ type: () => true, limit: `${IMPORT_BODY_LIMIT_MB}mb` }), ((err, _req, _res, next) => {
    const tooLarge = typeof err === 'object' && err !== null && (err as { type?: unknown }).type === 'entity.too.large';
    next(tooLarge ? new ApiError(413, MSG_IMPORT_TOO_LARGE, 413) : err);
  }) as ErrorRequestHandler);
  app.use(express.json({ limit: BODY_LIMIT }));

  registerFeedBodies(app, context);
  registerOcdsBodies(app, context);
  // The companion answers its extension calls for members the CMS knows; every other call is the CMS's.
  const companionRoutes: Partial<RouteOptions> = members
    ? { serves: companionServes, refusal: callTheCms, resolveSession: (authorization) => members.resolve(authorization) }
    : {};
  const routes = createRoutes(app, context.tokens, context.adminToken, {
    extensions: config.extensions,
    takeWrite: (memberId) => context.quotas.takeWrite(memberId),
    ...companionRoutes,
  });
  registerAuthRoutes(routes, context);
  registerSystemRoutes(routes, context);
  registerHomeRoutes(routes, context);
  if (members) context.mirrorUnlock = (session, authorization, kind, id) => members.mirrorUnlock(session, authorization, kind, id);
  registerContentRoutes(routes, context);
  registerFavoriteRoutes(routes, context);
  registerScoreRoutes(routes, context);
  registerMessageRoutes(routes, context);
  registerVisitRoutes(routes, context);
  registerMemberRoutes(routes, context);
  registerGoodsRoutes(routes, context);
  registerCompanyRoutes(routes, context);
  registerAlertRoutes(routes, context, { mailer });
  registerOcdsRoutes(routes, context);
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
    demoFeed,
    alerts,
    follower,
    jobs,
    close() {
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
