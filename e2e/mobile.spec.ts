/**
 * the mobile site under /m on a phone (390 × 844, iPhone and Android user agents): from a
 * desktop URL through spec §2's redirect to the mobile page, search with filters, a detail, login,
 * favourite and the member pages; no page wider than the screen at 360 and 390 px; touch targets
 * of at least 44 px. Logs in on the portal without captcha (as the other member specs do).
 */
import type { Browser, Page } from '@playwright/test';
import type { NoticeImportRecord } from '../shared/src/content/notices';
import { E2E_ADMIN_TOKEN, PORTS } from '../playwright.config';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;
const BACKEND = `http://127.0.0.1:${PORTS.noCaptcha + 1}`;

const PHONES = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
} as const;

async function phone(browser: Browser, ua: string, width = 390) {
  const context = await browser.newContext({
    userAgent: ua,
    viewport: { width, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  return context;
}

/** Logs in through the mobile login page, which lands on the member home. */
async function logInOnPhone(page: Page, username: string, password: string) {
  await page.goto(`${NO_CAPTCHA}/m/pages/login/index`);
  await waitForHydration(page);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/m\/pages\/user\/index$/);
}

/** Nothing wider than the viewport: the document does not scroll sideways. */
async function expectNoOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `${page.url()} is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}

/** Every visible link and button of the page's chrome and content is at least 44 × 44 px (inline text links in prose aside). */
async function expectTouchTargets(page: Page) {
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#app a, #app button, #app input')]
      .filter((el) => !el.closest('.m-rich, .contact-block p, .m-muted'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height > 0)
      .filter(({ box }) => box.height < 44 || box.width < 44)
      .map(
        ({ el, box }) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 20)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      ),
  );
  expect(small, small.join('\n')).toEqual([]);
}

for (const [name, ua] of Object.entries(PHONES)) {
  test(`${name}: desktop URL → mobile site, search with filters, detail`, async ({ browser, consoleProblems }) => {
    const context = await phone(browser, ua);
    const page = await context.newPage();
    page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));

    // spec §2: the desktop home, list and detail open as their mobile pages.
    await page.goto('/');
    await expect(page).toHaveURL(/\/m\/$/);
    await waitForHydration(page);
    await expect(page.getByRole('tab', { name: '最新招标' })).toBeVisible();
    await screenshot(page, `mobile-${name}-home`);

    await page.goto('/zb?industry=1');
    await expect(page).toHaveURL(/\/m\/pages\/zb\/index\?industry=1$/);
    await page.goto('/xmk');
    await expect(page).toHaveURL(/\/m\/pages\/xmk\/index$/);

    // Search from the home page, then narrow it in the filter sheet.
    await page.goto('/m/');
    await waitForHydration(page);
    await page.getByRole('tab', { name: '最新招标' }).click();
    await page.getByRole('searchbox', { name: '搜索关键词' }).fill('工程');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/m\/pages\/zb\/index\?keyword=/);
    await expect(page.locator('.m-row').first()).toBeVisible();
    await page.getByRole('button', { name: /^筛选/ }).click();
    const sheet = page.getByRole('dialog', { name: '筛选' });
    await expect(sheet).toBeVisible();
    await screenshot(page, `mobile-${name}-filters`);
    await sheet.getByRole('radiogroup', { name: '发布时间' }).getByRole('radio', { name: '近3个月' }).click();
    await sheet.getByRole('radiogroup', { name: '金额' }).getByRole('radio', { name: '100万以下' }).click();
    await sheet.getByRole('button', { name: '查看结果' }).click();
    await expect(page).toHaveURL(/maxAmount=100/);
    await expect(page).toHaveURL(/beginTime=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByRole('button', { name: '筛选（已选）' })).toBeVisible();
    await screenshot(page, `mobile-${name}-list`);

    // Infinite scroll: the unfiltered list grows as the visitor reaches its end.
    await page.goto('/m/pages/zb/index');
    await waitForHydration(page);
    const before = await page.locator('.m-row').count();
    await page.locator('.m-more').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.m-row').count()).toBeGreaterThan(before);

    await page.locator('.m-row-link').first().click();
    await expect(page).toHaveURL(/\/m\/pages\/zb\/detail\?id=\d+$/);
    await expect(page.locator('.m-bar')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/zb\/\d+$/);
    await screenshot(page, `mobile-${name}-detail`);
    await expectCleanConsole(consoleProblems);
    await context.close();
  });
}

test('电脑版 is remembered, so the redirect does not bounce the visitor back', async ({ browser }) => {
  const context = await phone(browser, PHONES.android);
  const page = await context.newPage();
  await page.goto('/zb');
  await expect(page).toHaveURL(/\/m\/pages\/zb\/index$/);
  await page.getByRole('link', { name: '电脑版' }).click();
  await expect(page).toHaveURL(/\/zb$/);
  await page.goto('/xmk');
  await expect(page).toHaveURL(/\/xmk$/);
  await context.close();
});

test('a phone asking for desktop login, register, member or 会员服务 pages lands on their mobile twins', async ({ browser }) => {
  const context = await phone(browser, PHONES.android);
  const page = await context.newPage();
  const cases: [string, RegExp][] = [
    ['/user_login?redirect=%2Fuser%2Ffavorite', /\/m\/pages\/login\/index\?redirect=%2Fm%2Fpages%2Fuser%2Ffavorite$/],
    ['/user_login?redirect=https%3A%2F%2Fevil.example%2F', /\/m\/pages\/login\/index$/],
    ['/user_register?redirect=%2Fzb%2F3', /\/m\/pages\/register\/index\?redirect=%2Fm%2Fpages%2Fzb%2Fdetail%3Fid%3D3$/],
    // Member pages need a login: the mobile login, coming back to the mobile twin.
    ['/user/favorite', /\/m\/pages\/login\/index\?redirect=%2Fm%2Fpages%2Fuser%2Ffavorite$/],
    ['/user', /\/m\/pages\/login\/index\?redirect=%2Fm%2Fpages%2Fuser%2Findex$/],
    ['/goods', /\/m\/pages\/login\/index\?redirect=%2Fm%2Fpages%2Fuser%2Fvip$/],
  ];
  for (const [from, to] of cases) {
    await page.goto(`${NO_CAPTCHA}${from}`);
    await expect(page, from).toHaveURL(to);
  }
  // Logging in there ends on the page the visitor asked for.
  await page.goto(`${NO_CAPTCHA}/user_login?redirect=%2Fuser%2Ffavorite`);
  await waitForHydration(page);
  await page.getByLabel('用户名').fill('vip');
  await page.getByLabel('密码').fill('vip123');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(/\/m\/pages\/user\/favorite$/);
  await context.close();
});

test('log in, favourite and the member pages on the phone', async ({ browser, consoleProblems }) => {
  const context = await phone(browser, PHONES.iphone);
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
  const ids = (await (await page.request.get(`${NO_CAPTCHA}/prod-api/api/zb/search?pageSize=1`)).json()) as { rows: { id: number }[] };
  const id = ids.rows[0]!.id;

  // A visitor's favourite sends them to the mobile login and back.
  await page.goto(`${NO_CAPTCHA}/zb/${id}`);
  await expect(page).toHaveURL(`${NO_CAPTCHA}/m/pages/zb/detail?id=${id}`);
  await waitForHydration(page);
  await page.locator('.m-bar').getByRole('link', { name: '登录后收藏' }).click();
  await expect(page).toHaveURL(/\/m\/pages\/login\/index\?redirect=/);
  await waitForHydration(page);
  await screenshot(page, 'mobile-login');
  await page.getByLabel('用户名').fill('demo');
  await page.getByLabel('密码').fill('demo123');
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page).toHaveURL(`${NO_CAPTCHA}/m/pages/zb/detail?id=${id}`);

  const favorite = page.locator('.m-bar .favorite-button');
  await expect(favorite).toBeEnabled();
  if ((await favorite.getAttribute('aria-pressed')) === 'true') {
    await favorite.click();
    await expect(favorite).toHaveAttribute('aria-pressed', 'false');
  }
  await favorite.click();
  await expect(favorite).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('link', { name: '我的' }).click();
  await expect(page).toHaveURL(/\/m\/pages\/user\/index$/);
  await screenshot(page, 'mobile-member');
  await page.getByRole('link', { name: '我的收藏' }).click();
  await expect(page.locator(`.m-row-link[href$="id=${id}"]`)).toBeVisible();
  await screenshot(page, 'mobile-favorite');
  for (const [link, name] of [
    ['订阅招标', 'bidding'],
    ['我的积分', 'points'],
    ['会员服务', 'vip'],
  ] as const) {
    await page.goto(`${NO_CAPTCHA}/m/pages/user/index`);
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: link })).toBeVisible();
    await screenshot(page, `mobile-${name}`);
  }

  // The alert inbox: a notice matching the demo member's subscription (道路 in 济南) is imported,
  // the member home shows it unread, opening it reads it.
  const run = Date.now().toString(36);
  const shanghai = (days: number) => new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const notice: NoticeImportRecord = {
    kind: 'zb',
    sourceId: `e2e-mobile-${run}`,
    processCode: `E2E-MOBILE-${run}`,
    title: `历下区花园路道路维修工程招标公告 ${run}`,
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 880,
    publishTime: shanghai(0),
    signupDeadline: shanghai(5),
    openTime: shanghai(20),
    tenderer: '济南市历下区城市管理局',
    agency: '山东花园招标代理有限公司',
    content: '<p>花园路道路维修。</p>',
  };
  const imported = await page.request.post(`${BACKEND}/admin/content/import`, {
    headers: { 'X-Admin-Token': E2E_ADMIN_TOKEN, 'Content-Type': 'application/x-ndjson' },
    data: JSON.stringify(notice),
  });
  expect(imported.status()).toBe(200);
  await page.goto(`${NO_CAPTCHA}/m/pages/user/index`);
  await waitForHydration(page);
  await page.getByRole('link', { name: /^消息提醒，\d+ 条未读$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: '消息提醒' })).toBeVisible();
  const alert = page.locator('.m-row', { hasText: notice.title });
  await expect(alert).toHaveClass(/is-unread/);
  await screenshot(page, 'mobile-alerts');
  await alert.getByRole('link').click();
  await expect(page).toHaveURL(/\/m\/pages\/zb\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
  await page.goBack();
  await expect(page.locator('.m-row', { hasText: notice.title })).not.toHaveClass(/is-unread/);

  // A detail that does not exist: the mobile site's own 404, with its stylesheet and tab bar.
  const missing = await page.goto(`${NO_CAPTCHA}/m/pages/zb/detail?id=999999999`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await screenshot(page, 'mobile-404');
  await expectCleanConsole(consoleProblems);
  await context.close();
});

test('a member short of points buys some on the phone: 去充值 lands on the packages, ordering happens in place', async ({
  browser,
  consoleProblems,
}) => {
  const context = await phone(browser, PHONES.android);
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
  await logInOnPhone(page, 'demo', 'demo123');

  // A tender whose contacts the demo member has not unlocked: its contact block offers 去充值.
  const ids = (await (await page.request.get(`${NO_CAPTCHA}/prod-api/api/zb/search?pageSize=30`)).json()) as { rows: { id: number }[] };
  await page.goto(`${NO_CAPTCHA}/m/pages/zb/detail?id=${ids.rows[ids.rows.length - 1]!.id}`);
  await waitForHydration(page);
  await page.getByRole('link', { name: /去充值/ }).click();
  await expect(page).toHaveURL(`${NO_CAPTCHA}/m/pages/user/vip#score`);
  const packages = page.getByRole('region', { name: '积分套餐' });
  await expect(packages).toBeInViewport();

  const card = packages.getByRole('listitem').first();
  await card.getByRole('button', { name: '立即购买' }).click();
  const confirm = card.getByRole('group', { name: /^开通「/ });
  await expect(confirm).toContainText('订单金额');
  await screenshot(page, 'mobile-vip-confirm');
  await confirm.getByRole('button', { name: /^确\s*认$/ }).click();

  const notice = page.getByRole('status').filter({ hasText: '订单已提交，等待付款' });
  await expect(notice).toBeVisible();
  const orderNo = (await notice.locator('strong').first().textContent()) ?? '';
  expect(orderNo).toMatch(/^SD\d{20}$/);
  await screenshot(page, 'mobile-vip-ordered');
  // The order is the backend's: 我的订单 lists it awaiting payment, after a reload too.
  await page.reload();
  await waitForHydration(page);
  const row = page.getByRole('region', { name: '我的订单' }).getByRole('listitem').filter({ hasText: orderNo });
  await expect(row).toContainText('待付款');
  await expectCleanConsole(consoleProblems);
  await context.close();
});

test('a new member sets the tender subscription on the phone, and the list follows it', async ({ browser, consoleProblems }) => {
  const context = await phone(browser, PHONES.iphone);
  const page = await context.newPage();
  page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
  const username = `m_${Date.now().toString(36)}`;
  await page.goto(`${NO_CAPTCHA}/m/pages/register/index`);
  await waitForHydration(page);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill('Secret123');
  await page.getByLabel('确认密码').fill('Secret123');
  await page.getByRole('button', { name: '注册' }).click();
  // Registered and logged in at once, on the member home.
  await expect(page).toHaveURL(/\/m\/pages\/user\/index$/);

  await page.getByRole('link', { name: '订阅招标' }).click();
  const summary = page.getByRole('region', { name: '我的订阅' });
  await expect(summary).toContainText('关键词 不限');
  const count = async () => Number((await page.locator('.m-count').textContent())?.match(/\d+/)?.[0]);
  const everything = await count();
  await summary.getByRole('button', { name: '修改订阅' }).click();
  const sheet = page.getByRole('dialog', { name: '修改订阅' });
  await sheet.getByRole('textbox', { name: '订阅关键词' }).fill('道路');
  await sheet.getByRole('checkbox', { name: '济南市' }).click();
  await expect(sheet.getByRole('checkbox', { name: '济南市' })).toHaveAttribute('aria-checked', 'true');
  await screenshot(page, 'mobile-subscription-sheet');
  await sheet.getByRole('button', { name: '保存订阅' }).click();
  await expect(page.getByRole('status').filter({ hasText: '订阅已保存' })).toBeVisible();
  await expect(summary).toContainText('关键词 道路');
  await expect(summary).toContainText('地区 济南市');
  // The list is the backend's answer to the new subscription: fewer tenders, all in 济南
  // (the keyword may be in the text, which the row does not show).
  await expect.poll(count).toBeLessThan(everything);
  const rows = page.locator('.m-list .m-row');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).toContain('济南市');
  await screenshot(page, 'mobile-subscription-saved');
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: '我的订阅' })).toContainText('关键词 道路');
  await expectCleanConsole(consoleProblems);
  await context.close();
});

test('no page is wider than the phone (360 and 390 px) and touch targets are 44 px', async ({ browser }) => {
  // Eleven pages at two widths on a shared machine.
  test.setTimeout(120_000);
  for (const width of [360, 390]) {
    const context = await phone(browser, PHONES.android, width);
    const page = await context.newPage();
    const ids = (await (await page.request.get(`${NO_CAPTCHA}/prod-api/api/xmk/search?pageSize=1`)).json()) as { rows: { id: number }[] };
    // Member pages with the VIP member's full data.
    await logInOnPhone(page, 'vip', 'vip123');
    for (const path of [
      '/m/',
      '/m/pages/zb/index',
      '/m/pages/xmk/index',
      `/m/pages/xmk/detail?id=${ids.rows[0]!.id}`,
      '/m/pages/user/index',
      '/m/pages/user/favorite',
      '/m/pages/user/bidding',
      '/m/pages/user/points',
      '/m/pages/user/vip',
      '/m/pages/user/alerts',
    ]) {
      await page.goto(`${NO_CAPTCHA}${path}`);
      await waitForHydration(page);
      await expectNoOverflow(page);
      await expectTouchTargets(page);
      // The mobile stylesheet alone: no antd, no desktop areas blocking the first paint.
      const sheets = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')));
      expect(sheets, path).toEqual([expect.stringMatching(/\/mobile-site-[\w-]+\.css$/)]);
    }
    await context.close();
    // The login and register pages, as a visitor.
    const visitor = await phone(browser, PHONES.iphone, width);
    const form = await visitor.newPage();
    for (const path of ['/m/pages/login/index', '/m/pages/register/index']) {
      await form.goto(`${NO_CAPTCHA}${path}`);
      await waitForHydration(form);
      await expectNoOverflow(form);
      await expectTouchTargets(form);
    }
    await visitor.close();
  }
});

test('the captcha of the phone login and register pages fits the screen at 360 and 390 px', async ({ browser }) => {
  // The default portal asks for a captcha; the form, image included, stays inside the viewport.
  for (const width of [360, 390]) {
    const context = await phone(browser, PHONES.iphone, width);
    const page = await context.newPage();
    for (const path of ['/m/pages/login/index', '/m/pages/register/index']) {
      await page.goto(path);
      await waitForHydration(page);
      const image = page.getByRole('img', { name: '验证码图片' });
      await expect(image).toBeVisible();
      await expectNoOverflow(page);
      const outside = await page.evaluate(() => {
        const right = document.documentElement.clientWidth;
        return [...document.querySelectorAll<HTMLElement>('form.m-form, form.m-form *')]
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > right))
          .map(({ el, box }) => `${el.tagName}.${el.className} ${Math.round(box.left)}–${Math.round(box.right)} px of ${right}`);
      });
      expect(outside, `${path} at ${width} px`).toEqual([]);
      const box = (await image.boundingBox())!;
      expect(box.x, path).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${path} at ${width} px`).toBeLessThanOrEqual(width);
      // Still legible: the image is not squeezed to a sliver.
      expect(box.width).toBeGreaterThanOrEqual(96);
      await expectTouchTargets(page);
      await screenshot(page, `mobile-captcha-${path.split('/')[3]}-${width}`);
    }
    await context.close();
  }
});

test('from a mobile tender detail to the tenderer’s mobile company page', async ({ browser, consoleProblems }) => {
  test.setTimeout(90_000);
  for (const width of [360, 390]) {
    const context = await phone(browser, PHONES.iphone, width);
    const page = await context.newPage();
    page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
    const found = (await (await page.request.get('/prod-api/api/zb/search?pageSize=1')).json()) as { rows: { id: number }[] };
    await page.goto(`/m/pages/zb/detail?id=${found.rows[0]!.id}`);
    await waitForHydration(page);
    const tenderer = page.locator('.m-fields div', { hasText: '招标人' }).getByRole('link');
    const name = (await tenderer.textContent())!.trim();
    await tenderer.click();
    await expect(page).toHaveURL(/\/m\/pages\/company\/detail\?id=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('table.m-company-years')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/company\/\d+$/);
    await expectNoOverflow(page);
    await expectTouchTargets(page);
    if (width === 390) await screenshot(page, 'mobile-company');

    // Its tenders open as mobile details, and the desktop profile sends a phone back here.
    const id = /id=(\d+)/.exec(page.url())![1];
    await page.locator('.m-company-notices .m-row-link').first().click();
    await expect(page).toHaveURL(/\/m\/pages\/(zb|xmk)\/detail\?id=\d+$/);
    await page.goto(`/company/${id}`);
    await expect(page).toHaveURL(new RegExp(`/m/pages/company/detail\\?id=${id}$`));
    await context.close();
  }
  await expectCleanConsole(consoleProblems);
});
