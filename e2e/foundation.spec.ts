import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

test.describe('server rendering, hydration, 404, guards and lost chunks', () => {
  test('home is server-rendered, hydrates without warnings and has the site title', async ({ page, consoleProblems }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page).toHaveTitle(/项目网 - 找项目首选/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
    await screenshot(page, 'home');
    await expectCleanConsole(consoleProblems);
  });

  test('antd styles come with the server HTML (no flash of unstyled content)', async ({ page }) => {
    await page.route('**/dist/assets/*.js', (route) => route.abort());
    await page.goto('/test/demo');
    // Without any JavaScript the primary button already has the theme's blue (client/src/lib/theme.ts:
    // Element's #409EFF darkened to AA contrast, #1A6DD0).
    const background = await page.getByRole('button', { name: '主要按钮' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(26, 109, 208)');
  });

  test('the loading bar appears only for navigations slower than 200 ms', async ({ page, consoleProblems }) => {
    await page.goto('/test');
    await waitForHydration(page);
    await page.evaluate(() => {
      const w = window as unknown as { barSeen: boolean };
      w.barSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('.loading-bar')) w.barSeen = true;
      }).observe(document.body, { childList: true, subtree: true });
    });

    // Fast: a page without data.
    await page.getByRole('link', { name: 'Flex 布局测试' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Flex 布局测试' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { barSeen: boolean }).barSeen)).toBe(false);

    // Slow: the JSON page's data call is held for a second.
    await page.route('**/prod-api/api/cmsData/testToken', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('link', { name: 'JSON 数据测试' }).click();
    await expect(page.getByRole('progressbar', { name: '页面加载中' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'JSON 数据测试' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: '页面加载中' })).toHaveCount(0);
    await expectCleanConsole(consoleProblems);
  });

  test('404 is rendered on the server with status 404 and on client navigation', async ({ page, consoleProblems }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page.getByRole('img', { name: '找不到页面的插图' })).toBeVisible();
    await screenshot(page, 'not-found');

    await page.goto('/test/test-id');
    await waitForHydration(page);
    await page.getByRole('link', { name: /打开 \/xmk\/abc/ }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
    await expect(page).toHaveURL(/\/xmk\/abc$/);
    await expectCleanConsole(consoleProblems);
  });

  test('member pages send visitors to login with the full path', async ({ page }) => {
    await page.goto('/user/favorite?type=zb');
    await expect(page).toHaveURL(/\/user_login\?redirect=%2Fuser%2Ffavorite%3Ftype%3Dzb$/);
  });

  test('a page chunk that fails to load reloads the page once, not in a loop', async ({ page }) => {
    await page.goto('/test');
    await waitForHydration(page);
    let documentLoads = 0;
    page.on('request', (req) => {
      if (req.resourceType() === 'document') documentLoads++;
    });
    // As after a deployment: the old page asks for a chunk the server no longer has.
    await page.route(/\/dist\/assets\/test-vw-page-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByRole('link', { name: 'VW 单位测试' }).click();
    // The server renders the page the visitor asked for.
    await expect(page).toHaveURL(/\/test\/test-vw$/);
    await expect(page.getByRole('heading', { level: 1, name: 'VW 单位测试' })).toBeVisible();
    await page.waitForTimeout(3000);
    expect(documentLoads).toBe(1);
  });
});
