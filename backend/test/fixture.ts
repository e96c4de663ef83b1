/**
 * Test fixture: a fresh backend on a fresh, seeded database in a temporary DATA_DIR, with a clock and
 * captcha the test controls. One per test file (beforeAll), so files are independent.
 *
 *   const t = await createTestBackend({ projects: 200, tenders: 300 });
 *   const token = await t.login('demo', 'demo123');
 *   await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(token));
 *   t.clock.advance(31 * 60_000);
 *   t.close();
 */
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { createApp, type BackendApp } from '../src/app';
import { openDatabase } from '../src/db/connection';
import { migrateDatabase } from '../src/migrate-database';
import { seedDatabase } from '../src/seed/seed';
import { DEFAULT_OCDS_PREFIX, loadConfig, type BackendConfig, type FollowConfig } from '../src/config';
import type { AppContext } from '../src/context';
import type { Logger } from '../src/log';
import type { Db } from '../src/db/connection';
import type { CaptchaChallenge } from '../src/modules/auth/captcha';
import { drawCaptcha } from '../src/modules/auth/captcha-image';
import type { WriteRate } from '../src/modules/member/quota';
import type { PowDifficulty } from '../src/modules/auth/proof-of-work';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** A few PBKDF2 rounds: the proof of work's code paths, not its cost. */
export const TEST_POW_DIFFICULTY: PowDifficulty = { cost: 10, maxCounter: 20 };

export interface TestClock {
  (): Date;
  set(date: Date): void;
  advance(ms: number): void;
}

export function testClock(start: Date): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (date) => {
    now = date.getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  return clock;
}

/** Captchas with answers the test can read (in-process only; nothing in the API reveals them). */
export interface TestCaptcha {
  generate(): CaptchaChallenge;
  /** The answer of the most recent challenge. */
  lastAnswer(): string;
}

function testCaptcha(): TestCaptcha {
  let n = 0;
  let last = '';
  // One real picture for every challenge: tests read the answer in-process, not from the image.
  const png = drawCaptcha('TEXT');
  return {
    generate() {
      n++;
      last = `Ab${String(n % 100).padStart(2, '0')}`;
      return { text: last, png };
    },
    lastAnswer: () => last,
  };
}

export interface TestBackendOptions {
  /** An empty database (`npm run seed -- --empty`): reference data, no content, no demo members. */
  empty?: boolean;
  projects?: number;
  tenders?: number;
  captchaEnabled?: boolean;
  /** The seeding time and the clock's start. Default: a fixed weekday morning (Asia/Shanghai). */
  now?: Date;
  adminToken?: string;
  /** Writes per member per window; default the production rate (`WRITE_RATE`). */
  writeRate?: WriteRate;
  /** Where the backend's log lines go (default: nowhere). */
  log?: Logger;
  /** BACKEND_EXTENSIONS (default on): off serves spec §7 alone. */
  extensions?: boolean;
  /** SMTP_URL of the backend (alert mail); default unset. */
  smtpUrl?: string;
  /** SITE_URL of the backend (absolute links in feeds and mail); default unset. */
  siteUrl?: string;
  /** Export rows per member per day, every tier (default the tiers' quotas). */
  exportRowsPerDay?: number;
  /** METRICS_TOKEN of the backend; default unset. */
  metricsToken?: string;
  /** The proof of work's difficulty (default TEST_POW_DIFFICULTY). */
  powDifficulty?: PowDifficulty;
  /** CMS_URL: a companion of that CMS. */
  cmsUrl?: string;
  /** CMS_FOLLOW_*: the follower's pace (default: the settings' defaults without a pause between calls). */
  follow?: Partial<FollowConfig>;
}

export interface TestBackend {
  app: Express;
  db: Db;
  config: BackendConfig;
  context: AppContext;
  backend: BackendApp;
  clock: TestClock;
  captcha: TestCaptcha;
  adminToken: string;
  /** RSA-encrypt like jsencrypt (PKCS#1 v1.5, base64) with the published key. */
  encrypt(plain: string): string;
  /**
   * A captcha `{code, uuid}` pair answered correctly and the proof of work solved (`pow`), as the
   * portal's forms send them (or `{}` when captcha is off).
   */
  solveCaptcha(): Promise<{ code?: string; uuid?: string; pow?: string }>;
  /** A solved proof of work (`pow` of a login or registration) for a fresh challenge. */
  solvePow(): Promise<string>;
  /** Log in and return the token; throws with the answer's msg on failure. */
  login(username: string, password: string): Promise<string>;
  /** Register (captcha solved) and log in; returns the token. */
  register(username: string, password: string): Promise<string>;
  bearer(token: string): { Authorization: string };
  admin(): { 'X-Admin-Token': string };
  close(): void;
}

/** 2024-06-12 (a Wednesday) 10:30 in Asia/Shanghai. */
export const DEFAULT_TEST_NOW = new Date('2024-06-12T02:30:00Z');

export async function createTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-backend-test-'));
  const config: BackendConfig = {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    captchaEnabled: options.captchaEnabled ?? true,
    adminToken: options.adminToken ?? 'test-admin-token-0123456789',
    dbSynchronous: 'NORMAL',
    demoTopUp: false,
    demoFeed: false,
    extensions: options.extensions ?? true,
    seedProjects: options.projects ?? 200,
    seedTenders: options.tenders ?? 300,
    smtpUrl: options.smtpUrl,
    mailFrom: 'alerts@example.test',
    siteUrl: options.siteUrl,
    metricsToken: options.metricsToken,
    ocdsPrefix: DEFAULT_OCDS_PREFIX,
    cmsUrl: options.cmsUrl,
    follow: { ...loadConfig({}).follow, pauseMs: 0, ...options.follow },
  };
  const clock = testClock(options.now ?? DEFAULT_TEST_NOW);
  const captcha = testCaptcha();
  if (options.empty) {
    const db = openDatabase(dataDir, { synchronous: 'NORMAL' });
    migrateDatabase(db);
    seedDatabase(db, { empty: true, projects: 0, tenders: 0, now: clock() });
    db.close();
  }
  // bcrypt cost 4 instead of 10: the same code paths, a fraction of the CPU per login.
  const backend = createApp(config, {
    clock,
    captchaGenerator: captcha.generate,
    log: options.log ?? { info: () => undefined, error: () => undefined },
    passwordRounds: 4,
    // The browser's work is the same code at a fraction of the difficulty.
    powDifficulty: options.powDifficulty ?? TEST_POW_DIFFICULTY,
    ...(options.writeRate ? { writeRate: options.writeRate } : {}),
    ...(options.exportRowsPerDay === undefined ? {} : { exportRowsPerDay: options.exportRowsPerDay }),
  });
  const { app } = backend;
  const publicKey = backend.context.passwords.publicKeyPem;
  const encrypt = (plain: string) =>
    publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain, 'utf8')).toString('base64');

  const solvePow = async () => {
    const challenge = (await request(app).get('/api/ext/pow/challenge')).body.data as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  const solveCaptcha = async () => {
    const res = await request(app).get('/captchaImage');
    if (!res.body.captchaEnabled) return {};
    const answer = { code: captcha.lastAnswer(), uuid: res.body.uuid as string };
    return config.extensions ? { ...answer, pow: await solvePow() } : answer;
  };

  const login = async (username: string, password: string) => {
    const res = await request(app)
      .post('/api/member/login')
      .send({ username, password: encrypt(password), ...(await solveCaptcha()) });
    if (res.body.code !== 200) throw new Error(`login failed: ${res.body.msg}`);
    return res.body.token as string;
  };

  return {
    app,
    db: backend.db,
    config,
    context: backend.context,
    backend,
    clock,
    captcha,
    adminToken: backend.context.adminToken,
    encrypt,
    solveCaptcha,
    solvePow,
    login,
    async register(username, password) {
      const res = await request(app)
        .post('/api/member/reg')
        .send({ username, password: encrypt(password), ...(await solveCaptcha()) });
      if (res.body.code !== 200) throw new Error(`register failed: ${res.body.msg}`);
      return login(username, password);
    },
    bearer: (token) => ({ Authorization: `Bearer ${token}` }),
    admin: () => ({ 'X-Admin-Token': backend.context.adminToken }),
    close() {
      backend.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
