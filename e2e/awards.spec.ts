/**
 * Awards as publishers write them, on the production build: notices of the corpus
 * (backend/test/corpus/processes.jsonl) imported through the admin call, then read on the desktop
 * detail (1366 px) and the phone's (360 and 390 px): the award where the amount is (a sum, or a
 * rate in words), a 中标候选人公示's bids as 投标报价 with its candidates table, a consortium with
 * its lead, 原文链接 and 附件.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import type { NoticeImportRecord } from '../shared/src/content/notices';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, importNotices, screenshot, test, waitForHydration } from './fixtures';

const PORTAL = `http://127.0.0.1:${PORTS.noCaptcha}`;
const BACKEND = `http://127.0.0.1:${PORTS.noCaptcha + 1}`;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

const CORPUS = readFileSync(resolve('backend/test/corpus/processes.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as NoticeImportRecord);
const byTitle = (title: string) => {
  const record = CORPUS.find((r) => r.title === title);
  if (!record) throw new Error(`corpus has no notice ${title}`);
  return record;
};

/** Line 50: a consortium award of 4712.386549 万元 with no budget; line 51: its candidates; 25: a rate award; 43: rate bids. */
const AWARD = byTitle('济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标结果公告');
const CANDIDATES = byTitle('济南市历城区港沟片区市政道路提升改造工程总承包（EPC）中标候选人公示');
const RATE_AWARD = byTitle('即墨区鳌山湾片区污水处理厂扩建工程设计中标结果公示');
const RATE_BIDS = byTitle('张店区东部化工区改造提升项目施工监理中标候选人公示');

/** The notice's id, found by its title through the public search. */
async function idOf(page: Page, title: string): Promise<number> {
  const res = await page.request.get(`${BACKEND}/api/zb/search`, { params: { keyword: title, scope: 'title', pageSize: 5 } });
  const rows = (await res.json()).rows as { id: number; title: string }[];
  const row = rows.find((r) => r.title === title);
  if (!row) throw new Error(`not found: ${title}`);
  return row.id;
}

async function phone(browser: Browser, width: number) {
  return browser.newContext({ userAgent: PHONE_UA, viewport: { width, height: 800 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
}

/** A header figure's value by its label. */
const figure = (page: Page, label: string) =>
  page
    .locator('.detail-figures > div, .m-figures > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('strong, dd');

async function expectNoOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${page.url()} is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  await importNotices(request, [RATE_BIDS, RATE_AWARD, CANDIDATES, AWARD]);
});

test('desktop: the award, its consortium and the candidates table', async ({ page, consoleProblems }) => {
  const award = await idOf(page, AWARD.title);
  await page.goto(`${PORTAL}/zb/${award}`);
  await waitForHydration(page);
  await expect(figure(page, '中标金额')).toHaveText('4,712.39万元');
  const winner = page.locator('.field').filter({ has: page.getByText('中标人', { exact: true }) });
  await expect(winner).toContainText('联合体');
  const members = winner.getByRole('list', { name: '联合体成员' }).getByRole('listitem');
  await expect(members).toHaveCount(2);
  await expect(members.first()).toContainText('牵头人');
  await expect(members.first().getByRole('link', { name: '山东岱衡建工集团有限公司' })).toHaveAttribute('href', /^\/company\/\d+$/);
  const sources = page.getByRole('region', { name: '原文与附件' });
  await expect(sources.getByRole('link', { name: '查看发布单位原文' })).toHaveAttribute('href', AWARD.sourceUrl!);
  await expect(sources.getByRole('link', { name: '查看发布单位原文' })).toHaveAttribute('rel', 'nofollow noopener noreferrer');
  await screenshot(page, 'awards-desktop-consortium-award');

  await page.goto(`${PORTAL}/zb/${await idOf(page, CANDIDATES.title)}`);
  await waitForHydration(page);
  await expect(figure(page, '投标报价')).toHaveText('4,712.39万元');
  await expect(figure(page, '预算金额')).toHaveText('4,865.27万元');
  await expect(page.locator('.detail-figures')).not.toContainText('中标金额');
  const rows = page.getByRole('region', { name: '中标候选人' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('济南华岳路桥工程有限公司');
  await expect(rows.nth(2)).toContainText('山东鲁晟市政工程有限公司');
  await screenshot(page, 'awards-desktop-candidates');

  await page.goto(`${PORTAL}/zb/${await idOf(page, RATE_AWARD.title)}`);
  await waitForHydration(page);
  await expect(figure(page, '中标金额')).toHaveText('设计费率2.95%');
  await expectCleanConsole(consoleProblems);
});

for (const width of [360, 390]) {
  test(`phone ${width}px: awards and candidates fit the screen`, async ({ browser, page: desktopPage }) => {
    const context = await phone(browser, width);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning' ? problems.push(m.text()) : undefined));

    await page.goto(`${PORTAL}/m/pages/zb/detail?id=${await idOf(desktopPage, AWARD.title)}`);
    await waitForHydration(page);
    await expect(figure(page, '中标金额')).toHaveText('4,712.39万元');
    await expect(page.getByRole('list', { name: '联合体成员' }).first()).toContainText('牵头人');
    await expect(page.getByRole('region', { name: '原文与附件' })).toBeVisible();
    await expectNoOverflow(page);
    await screenshot(page, `awards-phone-${width}-consortium-award`);

    await page.goto(`${PORTAL}/m/pages/zb/detail?id=${await idOf(desktopPage, RATE_BIDS.title)}`);
    await waitForHydration(page);
    const candidates = page
      .getByRole('region', { name: '中标候选人' })
      .getByRole('listitem')
      .filter({ hasText: /^第\d名/ });
    await expect(candidates).toHaveCount(3);
    await expect(candidates.first()).toContainText('下浮率12.5%');
    await expect(figure(page, '投标报价')).toHaveText('下浮率12.5%');
    await expect(page.locator('.m-figures')).not.toContainText('中标金额');
    await expectNoOverflow(page);
    await screenshot(page, `awards-phone-${width}-rate-candidates`);

    await page.goto(`${PORTAL}/m/pages/zb/detail?id=${await idOf(desktopPage, CANDIDATES.title)}`);
    await waitForHydration(page);
    await expect(page.getByRole('region', { name: '中标候选人' })).toContainText('济南华岳路桥工程有限公司');
    await expectNoOverflow(page);
    await screenshot(page, `awards-phone-${width}-candidates`);
    expect(problems, problems.join('\n')).toEqual([]);
    await context.close();
  });
}
