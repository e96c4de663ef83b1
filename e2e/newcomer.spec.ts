import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { ROUTES } from '../shared/src/routes.ts';
import { expect, test, waitForHydration } from './fixtures.ts';

/**
 * As a newcomer meets the site: accessibility of every public page (axe), the
 * icon browsers ask for, the header on the login page, and one Chinese date picker.
 */

/** axe's source, evaluated in the page (a script tag would be refused by the page's CSP, rightly). */
const AXE = readFileSync(resolve('node_modules/axe-core/axe.min.js'), 'utf8');

/** Every public route of spec §2 (member and test pages are not public), with a real id for details. */
const DESKTOP_PATHS = ROUTES.filter((r) => r.layout !== 'user' && r.layout !== 'test' && r.layout !== 'mobile').map((r) =>
  r.path.replace(':id', '1'),
);
/** The mobile site's public pages (its member pages need a login), details with a real id. */
const MOBILE_PATHS = ROUTES.filter((r) => r.layout === 'mobile' && !r.path.startsWith('/m/pages/user')).map((r) =>
  r.path.endsWith('/detail') ? `${r.path}?id=1` : r.path,
);
const PUBLIC_PATHS = [...DESKTOP_PATHS, ...MOBILE_PATHS];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe('axe: no serious or critical violations on public pages', () => {
  // 22 pages of spec §2, /company, /company/:id, the two mail-link pages, the two of password
  // recovery and /open-data.
  expect(DESKTOP_PATHS).toHaveLength(29);
  for (const path of PUBLIC_PATHS) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await waitForHydration(page);
      // Lazy parts (the date picker, the QR code) have arrived and the page is still.
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe('what a newcomer saw', () => {
  test('/favicon.ico is a real icon, and the document links one', async ({ page, request }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/icon/);
    expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    await page.goto('/');
    await expect(page.locator('link[rel="icon"][href="/favicon.ico"]')).toHaveCount(1);
  });

  test('the login page header does not offer 登录, the register page header not 免费注册', async ({ page }) => {
    await page.goto('/user_login');
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('link', { name: '免费注册' })).toBeVisible();
    await expect(banner.getByRole('link', { name: '登录', exact: true })).toHaveCount(0);
    await page.goto('/user_register');
    await expect(banner.getByRole('link', { name: '登录', exact: true })).toBeVisible();
    await expect(banner.getByRole('link', { name: '免费注册' })).toHaveCount(0);
  });

  test('the list date filter is the Chinese picker, not the browser’s mm/dd/yyyy', async ({ page }) => {
    await page.goto('/zb');
    await waitForHydration(page);
    await expect(page.locator('input[type="date"]')).toHaveCount(0);
    const start = page.getByRole('textbox', { name: '开始日期' });
    await expect(start).toHaveAttribute('placeholder', '开始日期');
    // The picker comes in its own chunk; until then a read-only stand-in holds its place.
    await expect(page.locator('.date-field-fallback')).toHaveCount(0);
    await start.click();
    const panel = page.locator('.ant-picker-dropdown').first();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('columnheader', { name: '一' })).toBeVisible();
    await expect(panel.getByText(/\d{4}年/)).toBeVisible();
  });
});

test('register form: an error stays with its field, clear of the next one', async ({ page }) => {
  await page.goto('/user_register');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: '用户名' }).fill('a');
  await page.getByRole('button', { name: '注册' }).click();
  const error = page.getByText('请输入您的密码');
  await expect(error).toBeVisible();
  const message = await error.boundingBox();
  // The next field's box (antd's item; its input sits a few px lower inside the bordered wrapper).
  const next = await page.locator('.ant-form-item', { has: page.getByRole('textbox', { name: '确认密码' }) }).boundingBox();
  expect(message && next).toBeTruthy();
  // At least 8 px between the password's message and the confirmation field below it.
  expect(next!.y - (message!.y + message!.height)).toBeGreaterThanOrEqual(8);
});
