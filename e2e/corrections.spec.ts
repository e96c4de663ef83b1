/**
 * Publishers' notices on the page (the corpus, backend/test/corpus): a candidates table with
 * `rowspan`/`colspan` header cells keeps its columns, contacts in the body are masked for a
 * visitor, and a 更正 that changes only prose shows what changed in its text (删/增, unchanged text
 * folded) on the desktop detail and on the phone at 360 and 390 px.
 */
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import type { NoticeImportRecord } from '../shared/src/content/notices';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, importNotices, screenshot, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;
const BACKEND = `http://127.0.0.1:${PORTS.noCaptcha + 1}`;

test.use({ baseURL: NO_CAPTCHA });

const processes = fs
  .readFileSync(new URL('../backend/test/corpus/processes.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as NoticeImportRecord);

/** Lines of processes.jsonl (1-based) under fresh source ids and process codes, so runs do not meet. */
function corpusLines(run: string, ...lines: number[]): NoticeImportRecord[] {
  return lines.map((line) => {
    const record = processes[line - 1]!;
    return { ...record, sourceId: `${record.sourceId}-${run}`, ...(record.processCode && { processCode: `${record.processCode}-${run}` }) };
  });
}

/** The newest notice of this title (this run's import). */
async function idOf(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get(`${BACKEND}/api/zb/search`, { params: { keyword: title, pageNum: 1, pageSize: 50 } });
  const ids = ((await res.json()) as { rows: { id: number; title: string }[] }).rows.filter((r) => r.title === title).map((r) => r.id);
  expect(ids.length, `${title} found`).toBeGreaterThan(0);
  return Math.max(...ids);
}

test('a prose 更正 shows its text diff, a spanned table keeps its columns, body contacts are masked', async ({
  page,
  browser,
  request,
  consoleProblems,
}) => {
  test.setTimeout(90_000);
  const run = Date.now().toString(36);
  // JMSJ: the candidates notice (28) and its 更正 (27), every field equal, the 公示期 moved in prose;
  // LCJS's candidates notice (51): the two-row header and 联系人 lines in the body.
  const [candidates, correction, table] = corpusLines(run, 28, 27, 51);
  await importNotices(request, [candidates!, correction!, table!]);

  const tableId = await idOf(request, table!.title);
  await page.goto(`/zb/${tableId}`);
  await waitForHydration(page);
  const body = page.locator('.rich-text');
  const header = body.locator('table').nth(1).locator('thead tr');
  await expect(header.first().locator('th')).toHaveText(['排名', '中标候选人名称', '投标报价', '工期（日历天）', '项目经理', '综合得分']);
  await expect(header.nth(1).locator('th')).toHaveText(['小写（元）', '大写']);
  // 小写 sits under 投标报价, and the first row's bid under 小写.
  const box = async (locator: ReturnType<typeof page.locator>) => (await locator.boundingBox())!;
  const bid = await box(header.first().locator('th', { hasText: '投标报价' }));
  const small = await box(header.nth(1).locator('th', { hasText: '小写' }));
  const cell = await box(body.locator('table').nth(1).locator('tbody tr').first().locator('td').nth(2));
  expect(small.x).toBeGreaterThanOrEqual(bid.x - 1);
  expect(small.x + small.width).toBeLessThanOrEqual(bid.x + bid.width + 1);
  expect(Math.abs(cell.x - small.x)).toBeLessThanOrEqual(1);
  await expect(body).toContainText('招标代理机构联系人：王*');
  await expect(body).toContainText('0531-****6658');
  await expect(body).not.toContainText('82316658');
  await screenshot(page, 'corrections-table-desktop');

  const correctionId = await idOf(request, correction!.title);
  await page.goto(`/zb/${correctionId}`);
  await waitForHydration(page);
  const card = page.getByRole('region', { name: '变更内容' });
  await expect(card).toContainText('各项信息未变，正文改动如下');
  await expect(card.locator('.body-diff-text del')).toHaveText(['27', '27', '24']);
  await expect(card.locator('.body-diff-text ins')).toHaveText([/^更正说明：/, '29', '29', '26']);
  await expect(card.locator('.body-diff-fold').first()).toContainText('已折叠');
  await expect(card.getByRole('link', { name: candidates!.title })).toHaveAttribute('href', /\/zb\/\d+$/);
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, 'corrections-diff-desktop');
  await expectCleanConsole(consoleProblems);

  for (const width of [360, 390]) {
    const context = await browser.newContext({
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      viewport: { width, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const phone = await context.newPage();
    await phone.goto(`${NO_CAPTCHA}/m/pages/zb/detail?id=${correctionId}`);
    await waitForHydration(phone);
    const mobileCard = phone.getByRole('region', { name: '变更内容' });
    await expect(mobileCard.locator('.body-diff-text del')).toHaveText(['27', '27', '24']);
    await expect(mobileCard.locator('.body-diff-text ins')).toHaveCount(4);
    await expect(mobileCard.getByRole('link', { name: candidates!.title })).toHaveAttribute('href', /\/m\/pages\/zb\/detail\?id=\d+$/);
    const { scroll, client } = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll).toBeLessThanOrEqual(client);
    await screenshot(phone, `corrections-diff-phone-${width}`);
    await phone.goto(`${NO_CAPTCHA}/m/pages/zb/detail?id=${tableId}`);
    await waitForHydration(phone);
    await expect(phone.locator('.m-rich')).toContainText('招标代理机构联系人：王*');
    await screenshot(phone, `corrections-table-phone-${width}`);
    await context.close();
  }
});
