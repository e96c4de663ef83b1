import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { NoticeImportRecord } from '../shared/src/content/notices';
import { E2E_ADMIN_TOKEN, PORTS } from '../playwright.config';

/**
 * Every test collects the page's console errors and warnings (hydration mismatches are reported
 * there) and uncaught exceptions; `expectCleanConsole` fails the test if any appeared.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' && message.type() !== 'warning') return;
      // The browser reports the 404/401 status of a document or call it was told to expect.
      if (/Failed to load resource: the server responded with a status of (404|401)/.test(message.text())) return;
      problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await use(problems);
  },
});

export { expect };

export async function expectCleanConsole(problems: string[]): Promise<void> {
  expect(problems, problems.join('\n')).toEqual([]);
}

/** Resolves once React has hydrated the document (the root's interactive handlers are attached). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('app');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer') || key.startsWith('__reactFiber'));
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `e2e/screenshots/${name}.png`, fullPage: true });
}

/** `yyyy-MM-dd HH:mm:ss` in Shanghai, `days` from now. */
export function shanghai(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Imports notices into the captcha-free portal's backend (the admin import call). */
export async function importNotices(request: APIRequestContext, records: NoticeImportRecord[]): Promise<void> {
  const res = await request.post(`http://127.0.0.1:${PORTS.noCaptcha + 1}/admin/content/import`, {
    headers: { 'X-Admin-Token': E2E_ADMIN_TOKEN, 'Content-Type': 'application/x-ndjson' },
    data: records.map((r) => JSON.stringify(r)).join('\n'),
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).code).toBe(200);
}
