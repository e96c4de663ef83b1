/**
 * End to end: a member clicks 导出Excel beside the tender results and the favourites; the
 * browser downloads an .xlsx with the Chinese file name, which a real reader opens: the headers,
 * as many rows as the page counts, amounts in 万元 and links to the portal's pages. A visitor sees
 * the login link instead.
 */
import ExcelJS from 'exceljs';
import type { Browser, Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;

test.use({ baseURL: NO_CAPTCHA });

async function logIn(page: Page, user: string, password: string, redirect: string) {
  await page.goto(`/user_login?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill(user);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page).toHaveURL(`${NO_CAPTCHA}${redirect}`);
  await waitForHydration(page);
}

/** Click 导出Excel and open the downloaded file. */
async function download(page: Page): Promise<{ name: string; sheet: ExcelJS.Worksheet }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出Excel' }).click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  return { name: file.suggestedFilename(), sheet: workbook.worksheets[0]! };
}

test('a visitor is asked to log in to export', async ({ page }) => {
  await page.goto('/zb');
  await expect(page.getByRole('link', { name: '登录后导出Excel' })).toHaveAttribute('href', /^\/user_login\?redirect=/);
});

test('a member downloads the tender results and the favourites as Excel files', async ({ page, consoleProblems }) => {
  test.setTimeout(90_000);
  await logIn(page, 'vip', 'vip123', '/zb?noticeType=2');
  const count = Number((await page.locator('.sort-summary strong').innerText()).replace(/[^\d]/g, ''));
  await screenshot(page, 'export-zb-desktop');

  const tenders = await download(page);
  expect(tenders.name).toMatch(/^招标信息_\d{8}\.xlsx$/);
  expect(tenders.sheet.getRow(1).getCell(1).value).toBe('标题');
  expect(tenders.sheet.getRow(1).getCell(5).value).toBe('金额（万元）');
  expect(tenders.sheet.rowCount - 1).toBe(Math.min(count, 20_000));
  const first = tenders.sheet.getRow(2);
  expect(first.getCell(2).value).toBe('招标公告');
  expect(first.getCell(5).numFmt).toBe('#,##0.00"万元"');
  expect((first.getCell(14).value as ExcelJS.CellFormulaValue).result).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/zb\/\d+$/);
  await expect(page.getByText(/已导出 [\d,]+ 条/)).toBeVisible();

  await page.goto('/user/favorite');
  await waitForHydration(page);
  const favorites = await download(page);
  expect(favorites.name).toMatch(/^我的收藏_\d{8}\.xlsx$/);
  expect(favorites.sheet.getRow(1).getCell(1).value).toBe('类型');
  await screenshot(page, 'export-favorite-desktop');

  await page.goto('/user/baifangClient');
  await waitForHydration(page);
  const visits = await download(page);
  expect(visits.name).toMatch(/^拜访客户_\d{8}\.xlsx$/);
  expect(visits.sheet.getRow(1).getCell(8).value).toBe('拜访时间');
  await screenshot(page, 'export-visits-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/zb');
  await waitForHydration(page);
  await screenshot(page, 'export-zb-phone');
  await expectCleanConsole(consoleProblems);
});

/**
 * On the phone (390 × 844): 导出Excel on the mobile lists and 我的收藏. The phone gets the
 * file by following its address (no Blob), so Playwright sees a plain download of
 * /prod-api/cms/export/… — the file must match the list's search, row for row.
 */
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function onPhone(browser: Browser) {
  return browser.newContext({
    baseURL: NO_CAPTCHA,
    userAgent: IPHONE,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    acceptDownloads: true,
  });
}

async function mobileLogIn(page: Page, user: string, password: string) {
  await waitForHydration(page);
  await page.getByLabel('用户名').fill(user);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}

/** Tap 导出Excel on the phone and open what the browser downloaded. */
async function phoneDownload(page: Page): Promise<{ url: string; name: string; sheet: ExcelJS.Worksheet }> {
  const button = page.getByRole('button', { name: '导出Excel' });
  const box = (await button.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  return { url: file.url(), name: file.suggestedFilename(), sheet: workbook.worksheets[0]! };
}

async function expectFits(page: Page) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${page.url()} at ${width}px`).toBeLessThanOrEqual(client);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test('a phone exports the mobile tender list’s search and the favourites', async ({ browser, consoleProblems }) => {
  test.setTimeout(120_000);
  const context = await onPhone(browser);
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
  const list = '/m/pages/zb/index?noticeType=2&areaCode=370100';

  // A visitor is sent to the mobile login and back to the same search.
  await page.goto(list);
  await waitForHydration(page);
  await page.getByRole('link', { name: '登录后导出Excel' }).click();
  await expect(page).toHaveURL(/\/m\/pages\/login\/index\?redirect=/);
  await mobileLogIn(page, 'vip', 'vip123');
  await expect(page).toHaveURL(`${NO_CAPTCHA}${list}`);
  await waitForHydration(page);

  const total = Number((await page.locator('.m-toolbar .m-count').innerText()).replace(/[^\d]/g, ''));
  expect(total).toBeGreaterThan(0);
  const tenders = await phoneDownload(page);
  expect(new URL(tenders.url).pathname).toBe('/prod-api/cms/export/zb');
  expect(Object.fromEntries(new URL(tenders.url).searchParams)).toEqual({ noticeType: '2', areaCode: '370100' });
  expect(tenders.name).toMatch(/^招标信息_\d{8}\.xlsx$/);
  expect(tenders.sheet.getRow(1).getCell(1).value).toBe('标题');
  expect(tenders.sheet.rowCount - 1).toBe(total);
  // Row for row the list's search, in its order.
  const search = (await (await page.request.get(`/prod-api/api/zb/search?noticeType=2&areaCode=370100&pageSize=50`)).json()) as {
    rows: { id: number; title: string }[];
  };
  const sheetRows = Array.from({ length: Math.min(total, 50) }, (_, i) => tenders.sheet.getRow(i + 2));
  expect(sheetRows.map((row) => (row.getCell(14).value as ExcelJS.CellFormulaValue).result)).toEqual(
    search.rows.map((row) => `${NO_CAPTCHA}/zb/${row.id}`),
  );
  await expect(page.getByRole('status').filter({ hasText: '已导出' })).toContainText(`已导出 ${total} 条`);
  await expectFits(page);
  await screenshot(page, 'export-zb-phone-member');

  await page.goto('/m/pages/user/favorite');
  await waitForHydration(page);
  const favorites = Number((await page.locator('.m-toolbar .m-count').innerText()).replace(/[^\d]/g, ''));
  const file = await phoneDownload(page);
  expect(new URL(file.url).pathname).toBe('/prod-api/cms/export/favorites');
  expect(file.sheet.getRow(1).getCell(1).value).toBe('类型');
  expect(file.sheet.rowCount - 1).toBe(favorites);
  await expectFits(page);
  await screenshot(page, 'export-favorite-phone');
  await expectCleanConsole(consoleProblems);
  await context.close();
});

test('a free member on the phone sees the quota’s message from the backend', async ({ browser, consoleProblems }) => {
  test.setTimeout(90_000);
  const context = await onPhone(browser);
  const page = await context.newPage();
  await page.goto('/m/pages/login/index?redirect=%2Fm%2Fpages%2Fxmk%2Findex');
  await mobileLogIn(page, 'demo', 'demo123');
  await expect(page).toHaveURL(`${NO_CAPTCHA}/m/pages/xmk/index`);
  await waitForHydration(page);

  // 20 rows a day: the first file is cut to them (when not spent yet), then the backend refuses.
  const first = await phoneDownload(page);
  expect(first.sheet.rowCount - 1).toBe(20 + 1);
  await expect(page.getByRole('status').filter({ hasText: '导出' })).toHaveText('已达今日导出额度，本次导出前 20 条');
  await page.getByRole('button', { name: '导出Excel' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '导出额度' })).toHaveText(
    '今日导出额度已用完（普通会员 20 条/天），请明天再试或升级会员',
  );
  await expectFits(page);
  await screenshot(page, 'export-xmk-phone-quota');
  await expectCleanConsole(consoleProblems);
  await context.close();
});
