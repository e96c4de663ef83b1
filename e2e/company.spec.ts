/**
 * company pages. From a tender's detail to its tenderer, on to the company that wins its
 * tenders most often, to one of that company's wins and back; the chart is drawn by ECharts once
 * the page has loaded, over the table the server rendered. Screenshots at desktop and phone widths.
 */
import type { TableDataInfo } from '../shared/src/contract/common';
import type { ZbListItem } from '../shared/src/content/types';
import type { Page } from '@playwright/test';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

/** The chart's drawing fills its box as soon as it is drawn, without the window being resized. */
async function expectChartFillsItsBox(page: Page): Promise<void> {
  await expect(page.locator('.company-chart canvas')).toBeVisible();
  const widths = await page.evaluate(() => ({
    box: document.querySelector('.company-chart')!.getBoundingClientRect().width,
    canvas: document.querySelector('.company-chart canvas')!.getBoundingClientRect().width,
  }));
  expect(widths.box).toBeGreaterThan(200);
  expect(Math.abs(widths.canvas - widths.box)).toBeLessThanOrEqual(2);
}

test.describe('company pages', () => {
  test('tender → tenderer → its usual winner → a win → back', async ({ page, request, consoleProblems }) => {
    const res = await request.get('/prod-api/api/zb/search?noticeType=5&pageSize=1');
    const tender = ((await res.json()) as TableDataInfo<ZbListItem>).rows[0]!;

    await page.goto(`/zb/${tender.id}`);
    await waitForHydration(page);
    const overview = page.locator('section[aria-labelledby="overview-title"]');
    await overview.getByRole('link', { name: tender.tenderer, exact: true }).click();
    await expect(page).toHaveURL(/\/company\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tender.tenderer);
    await expectChartFillsItsBox(page);
    await expect(page.locator('table.company-years')).toBeVisible();
    await screenshot(page, 'company-tenderer');

    const winners = page.getByRole('region', { name: '常中标单位' });
    const winner = winners.getByRole('link').first();
    const winnerName = (await winner.textContent()) ?? '';
    await winner.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(winnerName);
    const winnerUrl = page.url();

    const wins = page.getByRole('region', { name: '最近中标' });
    const win = wins.getByRole('link').first();
    const winTitle = (await win.textContent()) ?? '';
    await win.click();
    await expect(page).toHaveURL(/\/zb\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(winTitle);
    await expect(
      page.locator('section[aria-labelledby="overview-title"]').getByRole('link', { name: winnerName, exact: true }),
    ).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(winnerUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(winnerName);
    await expectCleanConsole(consoleProblems);
  });

  test('a company page loaded directly draws its chart as wide as its box', async ({ page, request, consoleProblems }) => {
    const res = await request.get('/prod-api/api/zb/search?noticeType=5&pageSize=1');
    const tender = ((await res.json()) as TableDataInfo<ZbListItem>).rows[0]!;
    await page.goto(`/zb/${tender.id}`);
    const href = await page
      .locator('section[aria-labelledby="overview-title"]')
      .getByRole('link', { name: tender.tenderer, exact: true })
      .getAttribute('href');
    await page.goto(href!);
    await expectChartFillsItsBox(page);
    await expectCleanConsole(consoleProblems);
  });

  test('company search keeps its query in the URL; phone width', async ({ page, consoleProblems }) => {
    await page.goto('/company');
    await waitForHydration(page);
    await page.getByLabel('企业名称').fill('建设');
    await page.getByLabel('角色').selectOption('winner');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(page).toHaveURL(/\/company\?name=%E5%BB%BA%E8%AE%BE&areaCode=&role=winner$/);
    const first = page.locator('.company-results .result-title a').first();
    await expect(first).toContainText('建设');
    await screenshot(page, 'company-search');

    await page.setViewportSize({ width: 390, height: 844 });
    await first.click();
    await expect(page).toHaveURL(/\/company\/\d+$/);
    await expectChartFillsItsBox(page);
    await screenshot(page, 'company-winner-phone');
    await expectCleanConsole(consoleProblems);
  });
});
