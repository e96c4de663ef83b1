/**
 * Issue 15 end to end: a member clicks 导出Excel beside the tender results and the favourites; the
 * browser downloads an .xlsx with the Chinese file name, which a real reader opens: the headers,
 * as many rows as the page counts, amounts in 万元 and links to the portal's pages. A visitor sees
 * the login link instead.
 */
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
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
