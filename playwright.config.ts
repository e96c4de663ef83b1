import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the production build (npm run build first) and the embedded backend
 * on a fresh data directory. Two portals run side by side: the default one (captcha on) and one
 * with CAPTCHA_ENABLED=false for flows that log in and register, which also mails alert digests to
 * an SMTP sink the alerts spec runs while it needs one.
 */
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 4173);
/**
 * E2E_PORT_BASE moves both portals (and their backends, +1) so two checkouts can run side by side;
 * `smtp` is where the captcha-free portal sends alert mail (e2e/alerts.spec.ts listens there).
 */
export const PORTS = { default: PORT_BASE, noCaptcha: PORT_BASE + 10, smtp: PORT_BASE + 20 } as const;
/** The captcha-free portal's admin token, so specs can import notices (e2e/alerts.spec.ts). */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

function portal(port: number, env: Record<string, string> = {}) {
  return {
    command: 'node e2e/serve.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(port), BACKEND_PORT: String(port + 1), ...env },
  };
}

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORTS.default}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  webServer: [
    portal(PORTS.default),
    portal(PORTS.noCaptcha, {
      CAPTCHA_ENABLED: 'false',
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
      SITE_URL: `http://127.0.0.1:${PORTS.noCaptcha}`,
      // The member flows register a member each, all from this one address: more than the
      // default 10 an hour. The limits themselves are tested in scale-out.spec.ts and server/test.
      RATE_LIMIT_REGISTER: '60/1h',
    }),
  ],
});
