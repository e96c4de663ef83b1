/**
 * Runtime settings, read once at start and validated. A bad value stops start-up with
 * a message naming the variable. Defaults live in the committed `.env`; `.env.local` and the
 * process environment override them.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { OWN_MOBILE_SITE } from '@shared/routes';
import { DEFAULT_RATE_LIMITS, parseRateLimit, type RateLimit, type RateLimitSettings } from './scale/rate-limit';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: '应为 true 或 false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce
  .number({ message: '应为端口号' })
  .int('应为整数端口号')
  .min(0, '应在 0 到 65535 之间')
  .max(65535, '应在 0 到 65535 之间');

const httpUrl = z
  .string()
  .url('应为 http(s) 地址')
  .refine((v) => /^https?:\/\//.test(v), '应为 http(s) 地址')
  .transform((v) => v.replace(/\/+$/, ''));

/** `30/1m` (calls per window and client IP) or `off`; unset: the default of scale/rate-limit.ts. */
function rateLimitSetting(fallback: RateLimit | null) {
  return z
    .string()
    .refine((v) => parseRateLimit(v) !== null, '应为 次数/时长（如 30/1m、10/1h）或 off')
    .optional()
    .transform((v): RateLimit | null => {
      if (v === undefined) return fallback;
      const parsed = parseRateLimit(v);
      return parsed === 'off' || parsed === null ? null : parsed;
    });
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Unset: start the embedded backend on BACKEND_PORT. */
  BACKEND_URL: httpUrl.optional(),
  /**
   * The backend of the extensions (every ext call of docs/api.md, capabilities, the feed bodies):
   * the companion of a CMS that lacks them. Unset: they go to BACKEND_URL (or the embedded backend).
   */
  EXT_BACKEND_URL: httpUrl.optional(),
  BACKEND_PORT: port.default(3001),
  DATA_DIR: z.string().min(1).default('./data'),
  /** API prefix: the SPA calls `/<PRODUCT>/…` and the server proxies it (spec §7). */
  PRODUCT: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, '只能包含字母、数字、- 和 _')
    .default('prod-api'),
  /**
   * spec §2's mobile site. Unset: the portal's own, under /m; an http(s) address: that
   * site; `off`: nobody is redirected (undefined from here on).
   */
  MOBILE_SITE_URL: z
    .union([z.literal('off'), z.literal(OWN_MOBILE_SITE), httpUrl], { message: '应为 http(s) 地址、/m 或 off' })
    .default(OWN_MOBILE_SITE)
    .transform((v) => (v === 'off' ? undefined : v)),
  /**
   * Public origin of the portal (https://www.example.com) for canonical URLs, JSON-LD, robots.txt
   * and the sitemap. Unset: canonicals are root-relative and the sitemap uses the request's origin.
   */
  SITE_URL: httpUrl.optional(),
  CAPTCHA_ENABLED: booleanString.default(true),
  /**
   * Behind one TLS-terminating proxy: trust the X-Forwarded-* it adds (cookies get Secure, HSTS is
   * sent, rate limits count the client address it reports).
   */
  TRUST_PROXY: booleanString.default(false),
  /**
   * Production: this many server processes (node:cluster) share the port and one embedded backend.
   * Unset: one per core (parseConfig).
   */
  WEB_CONCURRENCY: z.coerce
    .number({ message: '应为 1 到 64 的整数' })
    .int('应为 1 到 64 的整数')
    .min(1, '应为 1 到 64 的整数')
    .max(64, '应为 1 到 64 的整数')
    .optional(),
  /** A bearer that may read GET /metrics from anywhere; unset: only this machine may. */
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, '应为 16 到 200 个可打印 ASCII 字符，不含空格')
    .optional(),
  /**
   * Production: memory for anonymous page renders kept per process (render/cache.ts); 0 turns it
   * off. With REDIS_URL the pages live in Redis and this only caps one page (an eighth of it).
   */
  RENDER_CACHE_MB: z.coerce
    .number({ message: '应为 0 到 1024 的整数' })
    .int('应为 0 到 1024 的整数')
    .min(0, '应为 0 到 1024 的整数')
    .max(1024, '应为 0 到 1024 的整数')
    .default(32),
  /** How long a kept render is served: at most the 60 s pages promise in Cache-Control. */
  RENDER_CACHE_SECONDS: z.coerce
    .number({ message: '应为 1 到 60 的整数' })
    .int('应为 1 到 60 的整数')
    .min(1, '应为 1 到 60 的整数')
    .max(60, '应为 1 到 60 的整数')
    .default(30),
  /**
   * Several instances: rate limits and the render cache shared through this Redis
   * (`redis://[:password@]host:port[/db]`, `rediss://` for TLS). Unset: each process keeps its own.
   */
  REDIS_URL: z
    .string()
    .url('应为 redis:// 或 rediss:// 地址')
    .refine((v) => /^rediss?:\/\//.test(v), '应为 redis:// 或 rediss:// 地址')
    .optional(),
  /** Prepended to every key the portal writes in Redis, so one Redis can serve several sites. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/, '只能包含字母、数字、_ . : -，不超过 64 个字符')
    .default('portal:'),
  /** pino's level for the JSON log on stdout (http/request-log.ts). */
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: '应为 fatal、error、warn、info、debug、trace 或 silent',
    })
    .default('info'),
  RATE_LIMIT_CAPTCHA: rateLimitSetting(DEFAULT_RATE_LIMITS.captcha),
  RATE_LIMIT_LOGIN: rateLimitSetting(DEFAULT_RATE_LIMITS.login),
  RATE_LIMIT_REGISTER: rateLimitSetting(DEFAULT_RATE_LIMITS.register),
  RATE_LIMIT_MESSAGE: rateLimitSetting(DEFAULT_RATE_LIMITS.message),
  RATE_LIMIT_CHECK_NAME: rateLimitSetting(DEFAULT_RATE_LIMITS.checkName),
  RATE_LIMIT_RECOVER: rateLimitSetting(DEFAULT_RATE_LIMITS.recover),
});

export type Config = z.infer<typeof schema> & { dataDir: string; WEB_CONCURRENCY: number };

export class ConfigError extends Error {}

/** Empty strings count as unset, as they do in most deployment tools. */
function withoutEmpty(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

/**
 * CMS_URL makes the embedded backend a companion (docs/decisions/companion.md), which answers no spec
 * call: set for a portal that starts its own backend, the portal would serve error pages. The
 * companion is started by itself (`npm run backend`) and the portal points at it.
 */
export const MSG_CMS_URL_EMBEDDED =
  'CMS_URL 只用于单独启动的伴随服务（npm run backend）：门户应以 BACKEND_URL 指向 CMS、EXT_BACKEND_URL 指向伴随服务，或去掉 CMS_URL';

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const given = withoutEmpty(env);
  const result = schema.safeParse(given);
  const issues = result.success ? [] : result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  if (given.CMS_URL !== undefined && given.BACKEND_URL === undefined) issues.push(`  CMS_URL: ${MSG_CMS_URL_EMBEDDED}`);
  if (!result.success || issues.length > 0) throw new ConfigError(`配置无效 (invalid settings):\n${issues.join('\n')}`);
  const { WEB_CONCURRENCY, ...settings } = result.data;
  return {
    ...settings,
    dataDir: resolve(settings.DATA_DIR),
    // Every core serves in production; development runs one process whatever is set (index.ts).
    WEB_CONCURRENCY: WEB_CONCURRENCY ?? (settings.NODE_ENV === 'production' ? availableParallelism() : 1),
  };
}

/** The render cache as the settings chose it: production only (development must show every edit). */
export function renderCacheSettings(config: Config): { maxBytes: number; ttlMs: number } | undefined {
  if (config.NODE_ENV !== 'production' || config.RENDER_CACHE_MB === 0) return undefined;
  return { maxBytes: config.RENDER_CACHE_MB * 1024 * 1024, ttlMs: config.RENDER_CACHE_SECONDS * 1000 };
}

/** The per-IP limits of scale/rate-limit.ts as the settings chose them. */
export function rateLimitSettings(config: Config): RateLimitSettings {
  return {
    captcha: config.RATE_LIMIT_CAPTCHA,
    login: config.RATE_LIMIT_LOGIN,
    register: config.RATE_LIMIT_REGISTER,
    message: config.RATE_LIMIT_MESSAGE,
    checkName: config.RATE_LIMIT_CHECK_NAME,
    recover: config.RATE_LIMIT_RECOVER,
  };
}
