/**
 * open data: the footer leads to /open-data, whose sample record and first feed page load as
 * OCDS JSON through the portal, following links.next gives the next page; a phone asking for the
 * page lands on its mobile twin. Screenshots at desktop and phone widths.
 */
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

test('footer → 开放数据 → the sample record and the feed, page by page', async ({ page, request, consoleProblems }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('contentinfo').getByRole('link', { name: '开放数据' }).click();
  await expect(page).toHaveURL(/\/open-data$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('开放数据');
  await expect(page.getByRole('link', { name: '知识共享署名 4.0 国际许可协议（CC BY 4.0）' })).toHaveAttribute(
    'href',
    'https://creativecommons.org/licenses/by/4.0/',
  );
  await screenshot(page, 'open-data');

  const sample = (await page.getByRole('region', { name: '示例记录' }).getByRole('link').getAttribute('href'))!;
  const record = await request.get(sample);
  expect(record.status()).toBe(200);
  const pkg = (await record.json()) as { records: { ocid: string; releases: unknown[] }[] };
  expect(pkg.records[0]!.releases.length).toBeGreaterThan(0);

  const first = (await (await request.get('/ocds/releases.json?pageSize=3')).json()) as {
    releases: { id: string }[];
    links: { next: string };
  };
  const second = (await (await request.get(first.links.next)).json()) as { releases: { id: string }[] };
  expect(second.releases.length).toBeGreaterThan(0);
  expect(second.releases.map((r) => r.id)).not.toContain(first.releases[0]!.id);
  await expectCleanConsole(consoleProblems);
});

test('a phone asking for /open-data gets its mobile twin', async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/open-data');
  await expect(page).toHaveURL(/\/m\/pages\/open-data\/index$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('开放数据');
  await expect(page.getByRole('link', { name: '/ocds/releases.json', exact: true })).toBeVisible();
  await screenshot(page, 'open-data-phone');
  await context.close();
});
