/**
 * The portal against a backend with only spec §7's calls (the embedded one with
 * BACKEND_EXTENSIONS=off, as a Java CMS would be): every route of spec §2 is a page, not the 404
 * page. 会员服务 shows the tiers of /cms/member/list with the service phone, and the visit records
 * are gathered from the clients' calls; what needs an extension (ordering, 编辑) is not offered.
 */
import type { Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { startProductionPortal, type ProductionPortal } from '../scripts/lib/production-portal';
import { expect, expectCleanConsole, test, waitForHydration } from './fixtures';

let portal: ProductionPortal;

// A portal of its own starts beside the suite's two; the pages' first renders are slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Beside the two portals of playwright.config.ts, in the same port range.
  portal = await startProductionPortal({
    port: PORTS.default + 30,
    backendPort: PORTS.default + 31,
    env: { BACKEND_EXTENSIONS: 'off', CAPTCHA_ENABLED: 'false', SEED_PROJECTS: '60', SEED_TENDERS: '80' },
  });
});

test.afterAll(async () => {
  await portal?.stop();
});

async function logIn(page: Page, redirect: string) {
  await page.goto(`${portal.url}/user_login?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill('demo');
  await page.getByLabel('密码', { exact: true }).fill('demo123');
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page).toHaveURL(`${portal.url}${redirect}`);
  await waitForHydration(page);
}

test('会员服务 lists the tiers with the service phone, for visitors and members', async ({ page, consoleProblems }) => {
  const response = await page.goto(`${portal.url}/goods`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const tiers = page.getByRole('region', { name: '会员等级' });
  await expect(tiers.getByRole('link', { name: 'VIP会员' })).toHaveAttribute('href', '/goods/2');
  await expect(page.getByRole('button', { name: /立即(开通|购买)/ })).toHaveCount(0);

  await tiers.getByRole('link', { name: '登录后查看会员权益' }).first().click();
  await expect(page).toHaveURL(/\/user_login\?redirect=%2Fgoods/);
  await logIn(page, '/goods/2');
  await expect(page.getByRole('heading', { level: 1, name: 'VIP会员' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^联系客服开通 / })).toHaveAttribute('href', /^tel:/);
  await page.getByRole('link', { name: '短期会员' }).click();
  await expect(page).toHaveURL(`${portal.url}/goods/1`);
  expect((await page.goto(`${portal.url}/goods/9`))?.status()).toBe(404);
  await expectCleanConsole(consoleProblems);
});

test('拜访记录 and its timeline list the visits gathered from the clients, without 编辑', async ({ page, consoleProblems }) => {
  await logIn(page, '/user/baifangRecords');
  const rows = page.locator('.member-table tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();
  await expect(page.getByRole('button', { name: '删除' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: '编辑' })).toHaveCount(0);

  // The newest visit heads both views.
  const company = (await rows.first().getByRole('link').textContent()) ?? '';
  await page.getByRole('link', { name: '时间线视图' }).click();
  await expect(page).toHaveURL(`${portal.url}/user/baifangRecords-bak`);
  await expect(page.locator('.timeline-entry').first()).toBeVisible();
  await expect(page.locator('.timeline-summary')).toHaveText(/^共 \d+ 次拜访$/);
  await expect(page.locator('.timeline-client').first()).toHaveText(company);
  await expectCleanConsole(consoleProblems);
});
