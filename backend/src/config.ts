/**
 * Backend configuration, parsed once from the environment (STYLE.md: fail fast with a message that
 * names the variable). Everything else the backend needs is derived from these values.
 */
import path from 'node:path';
import { z } from 'zod';
import { LOG_LEVELS, type LogLevel } from './log';

export interface BackendConfig {
  /** BACKEND_PORT: 0 picks a free port (reported through the IPC `ready` message). */
  port: number;
  /** BACKEND_HOST */
  host: string;
  /** DATA_DIR, absolute: database, RSA key pair and generated admin token live here. */
  dataDir: string;
  /** CAPTCHA_ENABLED */
  captchaEnabled: boolean;
  /** ADMIN_TOKEN; when undefined one is generated into DATA_DIR/admin-token (mode 0600). */
  adminToken: string | undefined;
  /** DB_SYNCHRONOUS: NORMAL survives a killed process, FULL also an OS crash (docs/decisions/backend-storage.md). */
  dbSynchronous: 'NORMAL' | 'FULL';
  /** DEMO_TOP_UP: publish a small deterministic batch for days missing since the newest item. */
  demoTopUp: boolean;
  /** DEMO_FEED: every few minutes, publish a few new and changed notices through the import. */
  demoFeed: boolean;
  /**
   * BACKEND_EXTENSIONS: off serves spec §7 alone, as the production Java CMS does (no ext endpoint,
   * no capabilities call), so the portal can be tested against what production offers.
   */
  extensions: boolean;
  /** SEED_PROJECTS / SEED_TENDERS: size of the demo data seeded into an empty database. */
  seedProjects: number;
  seedTenders: number;
  /** SMTP_URL (smtp:// or smtps://): alert digests by mail; unset → no mail is sent. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the digests' sender. */
  mailFrom: string;
  /** SITE_URL: the portal's public origin, for absolute links in feeds and mail; unset → the request's host. */
  siteUrl: string | undefined;
  /** METRICS_TOKEN: a bearer that may read `/metrics` from anywhere; unset → this machine only. */
  metricsToken: string | undefined;
  /** OCDS_PREFIX: the ocid prefix of the open-data feed (docs/open-data.md); production uses the one registered with OCP. */
  ocdsPrefix: string;
  /**
   * CMS_URL: run as the companion of that CMS (docs/decisions/companion.md): serve the extension
   * calls only, follow its notices through its public calls, know members by their CMS bearer.
   */
  cmsUrl: string | undefined;
  /** CMS_FOLLOW_*: the follower's pace (used with CMS_URL only). */
  follow: FollowConfig;
}

/** How the companion reads the CMS (modules/companion/follower.ts). */
export interface FollowConfig {
  /** CMS_FOLLOW_INTERVAL: seconds between two reads of the newest notices. */
  intervalSeconds: number;
  /** CMS_FOLLOW_PAGE_SIZE: rows per search call. */
  pageSize: number;
  /** CMS_FOLLOW_OVERLAP: minutes before the cursor read again, for notices the CMS listed late or changed soon after. */
  overlapMinutes: number;
  /** CMS_FOLLOW_PAUSE_MS: pause between two calls to the CMS. */
  pauseMs: number;
  /** CMS_FOLLOW_TIMEOUT_MS: one call to the CMS gives up after this. */
  timeoutMs: number;
  /** CMS_FOLLOW_RECONCILE: seconds between two reconciliation passes (withdrawals, later edits). */
  reconcileSeconds: number;
  /** CMS_FOLLOW_RECONCILE_DAYS: notices published this many days back are reconciled. */
  reconcileDays: number;
  /** CMS_FOLLOW_RECHECK: details re-read per reconciliation pass, oldest check first (edits of the body). */
  recheckPerPass: number;
  /**
   * CMS_SERVICE_TOKEN: a bearer of a VIP member at the CMS the follower reads details with, so
   * its copies hold the contacts unmasked and it masks per member itself; unset or refused by
   * the CMS: it reads as a visitor (masked copies).
   */
  serviceToken: string | undefined;
}

/** A placeholder until the prefix registered with the Open Contracting Partnership is set. */
export const DEFAULT_OCDS_PREFIX = 'ocds-xxxxxx';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const booleanVar = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const switchVar = z.enum(['on', 'off', 'true', 'false', '1', '0']).transform((v) => v === 'on' || v === 'true' || v === '1');
/** METRICS_TOKEN, as the server reads it too (server/src/config.ts). */
const METRICS_TOKEN_RULE = z.string().regex(/^[\x21-\x7e]{16,200}$/);
const METRICS_TOKEN_RULE_TEXT = '16 to 200 printable ASCII characters without spaces';
const integerVar = (min: number, max: number) => z.string().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));

/**
 * One variable: empty counts as unset; `fallback` applies when unset; a bad value throws a
 * ConfigError naming the variable and the rule it breaks.
 */
function variable<S extends z.ZodType<unknown, string>>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: S,
  rule: string,
  fallback: string,
): z.output<S>;
function variable<S extends z.ZodType<unknown, string>>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: S,
  rule: string,
): z.output<S> | undefined;
function variable<S extends z.ZodType<unknown, string>>(
  env: NodeJS.ProcessEnv,
  name: string,
  schema: S,
  rule: string,
  fallback?: string,
): z.output<S> | undefined {
  const raw = env[name]?.trim();
  const value = raw === undefined || raw === '' ? fallback : raw;
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const shown = name === 'ADMIN_TOKEN' || name === 'METRICS_TOKEN' ? '(hidden)' : JSON.stringify(value);
    throw new ConfigError(`Invalid environment variable ${name}: must be ${rule}, got ${shown}`);
  }
  return parsed.data;
}

/** Parse the backend's variables; relative DATA_DIR is resolved against `cwd`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): BackendConfig {
  const bool = 'true or false';
  return {
    port: variable(env, 'BACKEND_PORT', integerVar(0, 65_535), 'an integer from 0 to 65535', '3001'),
    host: variable(env, 'BACKEND_HOST', z.string().max(255), 'a host name or address', '127.0.0.1'),
    dataDir: path.resolve(cwd, variable(env, 'DATA_DIR', z.string(), 'a directory path', './data')),
    captchaEnabled: variable(env, 'CAPTCHA_ENABLED', booleanVar, bool, 'true'),
    adminToken: variable(
      env,
      'ADMIN_TOKEN',
      z.string().regex(/^[\x21-\x7e]{16,200}$/),
      '16 to 200 printable ASCII characters without spaces',
    ),
    dbSynchronous: variable(env, 'DB_SYNCHRONOUS', z.enum(['NORMAL', 'FULL']), 'NORMAL or FULL', 'NORMAL'),
    demoTopUp: variable(env, 'DEMO_TOP_UP', booleanVar, bool, 'true'),
    demoFeed: variable(env, 'DEMO_FEED', booleanVar, bool, 'false'),
    extensions: variable(env, 'BACKEND_EXTENSIONS', switchVar, 'on or off', 'on'),
    seedProjects: variable(env, 'SEED_PROJECTS', integerVar(0, 5_000_000), 'an integer from 0 to 5000000', '3000'),
    seedTenders: variable(env, 'SEED_TENDERS', integerVar(0, 5_000_000), 'an integer from 0 to 5000000', '5000'),
    smtpUrl: variable(
      env,
      'SMTP_URL',
      z
        .string()
        .regex(/^smtps?:\/\/\S+$/)
        .max(500),
      'an smtp:// or smtps:// URL',
    ),
    mailFrom: variable(env, 'MAIL_FROM', z.string().min(3).max(200), 'a sender address', '山东项目网 <noreply@localhost>'),
    siteUrl: variable(
      env,
      'SITE_URL',
      z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .transform((v) => v.replace(/\/+$/, '')),
      'an http(s) URL such as https://www.example.com',
    ),
    metricsToken: variable(env, 'METRICS_TOKEN', METRICS_TOKEN_RULE, METRICS_TOKEN_RULE_TEXT),
    ocdsPrefix: variable(
      env,
      'OCDS_PREFIX',
      z.string().regex(/^ocds-[a-z0-9]{6}$/),
      'an OCDS prefix such as ocds-a1b2c3',
      DEFAULT_OCDS_PREFIX,
    ),
    cmsUrl: variable(
      env,
      'CMS_URL',
      z
        .string()
        .regex(/^https?:\/\/\S+$/)
        .max(500)
        .transform((v) => v.replace(/\/+$/, '')),
      'an http(s) URL of the CMS API, such as http://cms.internal:8080/prod-api',
    ),
    follow: {
      intervalSeconds: variable(env, 'CMS_FOLLOW_INTERVAL', integerVar(1, 3600), 'seconds from 1 to 3600', '15'),
      pageSize: variable(env, 'CMS_FOLLOW_PAGE_SIZE', integerVar(5, 100), 'an integer from 5 to 100', '50'),
      overlapMinutes: variable(env, 'CMS_FOLLOW_OVERLAP', integerVar(0, 1440), 'minutes from 0 to 1440', '10'),
      pauseMs: variable(env, 'CMS_FOLLOW_PAUSE_MS', integerVar(0, 10_000), 'milliseconds from 0 to 10000', '50'),
      timeoutMs: variable(env, 'CMS_FOLLOW_TIMEOUT_MS', integerVar(100, 120_000), 'milliseconds from 100 to 120000', '10000'),
      reconcileSeconds: variable(env, 'CMS_FOLLOW_RECONCILE', integerVar(1, 86_400), 'seconds from 1 to 86400', '300'),
      reconcileDays: variable(env, 'CMS_FOLLOW_RECONCILE_DAYS', integerVar(1, 365), 'days from 1 to 365', '30'),
      recheckPerPass: variable(env, 'CMS_FOLLOW_RECHECK', integerVar(0, 10_000), 'an integer from 0 to 10000', '50'),
      serviceToken: variable(
        env,
        'CMS_SERVICE_TOKEN',
        z.string().regex(/^[\x21-\x7e]{16,4096}$/),
        'a bearer token of the CMS (16 to 4096 printable characters, no spaces)',
      ),
    },
  };
}

/** LOG_LEVEL (default info): read by the program's entry, which owns the log; tests pass a Logger of their own. */
export function loadLogLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  return variable(env, 'LOG_LEVEL', z.enum(LOG_LEVELS), LOG_LEVELS.join(', '), 'info');
}
