import type { APIRequestContext, Page } from '@playwright/test';
import type { TableDataInfo } from '../shared/src/contract/common';
import type { XmkListItem, ZbListItem } from '../shared/src/content/types';
import { ROUTES } from '../shared/src/routes';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

/** The portal without captcha, for the flows that log in. */
const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;
/** Old items: the demo member has neither unlocked nor favourited them (seed: the newest 60). */
const UNLOCK_XMK_ID = 5;
const FAVORITE_ZB_ID = 6;

async function firstId(request: APIRequestContext, type: 'xmk' | 'zb'): Promise<number> {
  const res = await request.get(`/prod-api/api/${type}/search?pageSize=1`);
  const body = (await res.json()) as TableDataInfo<XmkListItem | ZbListItem>;
  const id = body.rows[0]?.id;
  if (id === undefined) throw new Error(`no ${type} rows`);
  return id;
}

async function logIn(page: Page, redirect: string, username = 'demo', password = 'demo123') {
  await page.goto(`${NO_CAPTCHA}/user_login?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page).toHaveURL(`${NO_CAPTCHA}${redirect}`);
  await waitForHydration(page);
}

/** Loads lazy images below the fold, then returns to the top, so a full-page screenshot shows them. */
async function revealLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
}

test.describe('public content', () => {
  test('search → region → page 2 → detail → back keeps every filter', async ({ page, consoleProblems }) => {
    await page.goto('/zb');
    await waitForHydration(page);

    await page.getByRole('searchbox', { name: '关键词' }).fill('工程');
    await page.getByRole('searchbox', { name: '关键词' }).press('Enter');
    await expect(page).toHaveURL(/\/zb\?keyword=%E5%B7%A5%E7%A8%8B$/);
    await expect(page.locator('mark.hit').first()).toHaveText('工程');

    await page.getByRole('group', { name: '地区' }).getByRole('link', { name: '济南市', exact: true }).click();
    await expect(page).toHaveURL(/\/zb\?keyword=%E5%B7%A5%E7%A8%8B&areaCode=370100$/);
    await expect(page.getByRole('group', { name: '区县' })).toBeVisible();

    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '第 2 页' }).click();
    await expect(page).toHaveURL(/\/zb\?keyword=%E5%B7%A5%E7%A8%8B&areaCode=370100&pageNum=2$/);
    await expect(page.getByRole('navigation', { name: '分页' }).locator('[aria-current="page"]')).toHaveText('2');

    const firstResult = page.locator('.result-title a').first();
    const title = await firstResult.getAttribute('title');
    await firstResult.click();
    await expect(page).toHaveURL(/\/zb\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title ?? '');

    await page.goBack();
    await expect(page).toHaveURL(/\/zb\?keyword=%E5%B7%A5%E7%A8%8B&areaCode=370100&pageNum=2$/);
    await expect(page.getByRole('searchbox', { name: '关键词' })).toHaveValue('工程');
    await expect(page.getByRole('group', { name: '地区' }).getByRole('link', { name: '济南市', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(page.getByRole('navigation', { name: '分页' }).locator('[aria-current="page"]')).toHaveText('2');
    await expectCleanConsole(consoleProblems);
  });

  test('the first paint of a detail fetches nothing the server already sent', async ({ page, request, consoleProblems }) => {
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/prod-api/')) apiCalls.push(req.url());
    });
    for (const type of ['xmk', 'zb'] as const) {
      const id = await firstId(request, type);
      apiCalls.length = 0;
      await page.goto(`/${type}/${id}`);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: '联系方式' })).toBeVisible();
      expect(apiCalls, apiCalls.join('\n')).toEqual([]);
    }
    await expectCleanConsole(consoleProblems);
  });

  test('every public route hydrates without a console error or warning', async ({ page, request, consoleProblems }) => {
    // Some forty pages in one test: room for a busy machine.
    test.setTimeout(90_000);
    const ids = { xmk: await firstId(request, 'xmk'), zb: await firstId(request, 'zb'), goods: 1 };
    const paths = ROUTES.filter((r) => r.layout !== 'user' && r.path !== '/test/user1').map((r) =>
      r.path.replace(/^\/(xmk|zb|goods)\/:id$/, (_m, kind: keyof typeof ids) => `/${kind}/${ids[kind]}`),
    );
    paths.push(
      '/zb?keyword=%E9%81%93%E8%B7%AF&pageNum=2',
      '/xmk?areaCode=370102&stage=5',
      '/support/notice?id=10',
      '/support/notice?pageNum=1',
    );
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('h1').first(), path).toBeVisible();
    }
    await expectCleanConsole(consoleProblems);
  });

  test('home tabs load other stages in place', async ({ page, consoleProblems }) => {
    await page.goto('/');
    await waitForHydration(page);
    const panel = page.getByRole('region', { name: '最新项目' });
    await panel.getByRole('tab', { name: '施工' }).click();
    await expect(panel.getByRole('tab', { name: '施工' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.locator('.home-row .tag').first()).toHaveText('施工');
    await expect(panel.locator('.home-row .tag').filter({ hasNotText: '施工' })).toHaveCount(0);
    await expect(panel.getByRole('link', { name: '更多项目 ›' })).toHaveAttribute('href', '/xmk?stage=5');
    await expectCleanConsole(consoleProblems);
  });

  test('a consultation is validated in Chinese and sent', async ({ page, consoleProblems }) => {
    await page.goto('/business/gczx');
    await waitForHydration(page);
    await page.getByLabel('姓名').fill('王工');
    await page.getByLabel('联系电话').fill('12345');
    await page.getByLabel('咨询内容').fill('济南市某道路工程可研报告编制，请联系。');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expect(page.getByText('请输入正确的电话号码')).toBeVisible();
    await page.getByLabel('联系电话').fill('0531-88886666');
    await page.getByRole('button', { name: '提交咨询' }).click();
    await expect(page.getByRole('status').filter({ hasText: '您的咨询已提交' })).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('screenshots of home, both lists and both details at 1366×768 and 1920×1080', async ({ page, request }) => {
    const pages = {
      home: '/',
      'xmk-list': '/xmk',
      'zb-list': '/zb?keyword=%E9%81%93%E8%B7%AF',
      'xmk-detail': `/xmk/${await firstId(request, 'xmk')}`,
      'zb-detail': `/zb/${await firstId(request, 'zb')}`,
    };
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 1920, height: 1080 },
    ]) {
      await page.setViewportSize(viewport);
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(path);
        await waitForHydration(page);
        await revealLazyImages(page);
        await screenshot(page, `public-${name}-${viewport.width}`);
      }
    }
  });
});

test.describe('member actions on public pages', () => {
  test('a free member unlocks a project’s contacts for points', async ({ page, consoleProblems }) => {
    await logIn(page, `/xmk/${UNLOCK_XMK_ID}`);
    const contacts = page.getByRole('region', { name: /^联系方式/ });
    await expect(contacts.getByText(/\*{2,}/).first()).toBeVisible();
    await contacts.getByRole('button', { name: '积分查看' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定查看' }).click();
    await expect(contacts.getByText('已解锁')).toBeVisible();
    await expect(contacts.getByRole('link', { name: /^1[3-9]\d{9}$|^0\d{2,3}-?\d{7,8}$/ })).toBeVisible();
    await expect(contacts.getByText(/\*{2,}/)).toHaveCount(0);

    // The unlock is kept: the server renders the contacts on the next visit.
    await page.reload();
    await expect(contacts.getByText('已解锁')).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('a member favourites a tender and the state survives a reload', async ({ page, consoleProblems }) => {
    await logIn(page, `/zb/${FAVORITE_ZB_ID}`);
    const button = page.getByRole('button', { name: '收藏', exact: true });
    // The star turns at once; the reload must come after the backend has written the favourite.
    const saved = page.waitForResponse((r) => r.url().includes('/cms/favorite/changeStatus') && r.request().method() === 'PUT');
    await button.click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
    await page.getByRole('button', { name: '已收藏' }).click();
    await expect(page.getByRole('button', { name: '收藏', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expectCleanConsole(consoleProblems);
  });

  test('a VIP member sees every contact block in full', async ({ page }) => {
    await logIn(page, '/xmk/7', 'vip', 'vip123');
    const contacts = page.getByRole('region', { name: /^联系方式/ });
    await expect(contacts.getByText('VIP会员', { exact: true })).toBeVisible();
    await expect(contacts.getByText(/\*{2,}/)).toHaveCount(0);
  });

  test('ordering creates a pending order and explains how payment is confirmed', async ({ page, consoleProblems }) => {
    // Goods 4 is a points package: bought, not opened (the tier pages say the same).
    await logIn(page, '/goods/4');
    await page.getByRole('button', { name: '立即购买' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*认$/ })
      .click();
    const result = page.getByRole('status').filter({ hasText: '订单已提交' });
    await expect(result).toBeVisible();
    await expect(result).toContainText(/订单号 SD\d{20}/);
    await expect(result).toContainText('客服确认到账后立即为您开通');
    await expectCleanConsole(consoleProblems);
  });
});
