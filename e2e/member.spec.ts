/**
 * The member area, in a real browser against the production build (captcha off). Flows
 * that change a member's data run as a member registered for the test, so tests stay independent;
 * the demo member is used where the seeded data is the point (screenshots, favourites).
 */
import type { Browser, Page } from '@playwright/test';
import { ROUTES } from '../shared/src/routes';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, importNotices, screenshot, shanghai, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;
/** Old items nobody else's test touches (the demo seed favourites and unlocks only the newest 60). */
const FAVORITE_ZB_ID = 9;
const FOLLOW_XMK_ID = 11;
const UNLOCK_XMK_ID = 13;

const MEMBER_PAGES = ROUTES.filter((route) => route.layout === 'user');

test.use({ baseURL: NO_CAPTCHA });

let registered = 0;
/** A new member (100 points, nothing else) for a flow that changes data; returns the credentials. */
async function registerMember(page: Page): Promise<{ username: string; password: string }> {
  registered += 1;
  const username = `m${Date.now().toString(36)}${registered}`;
  const password = 'Start123';
  await page.goto('/user_register');
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /^注\s*册$/ }).click();
  await expect(page).toHaveURL(/\/user$/);
  await waitForHydration(page);
  return { username, password };
}

async function logIn(page: Page, username = 'demo', password = 'demo123', redirect = '/user') {
  await page.goto(`/user_login?redirect=${encodeURIComponent(redirect)}`);
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page).toHaveURL(`${NO_CAPTCHA}${redirect}`);
  await waitForHydration(page);
}

const menu = (page: Page) => page.getByRole('navigation', { name: '会员中心菜单' });
const sideScore = (page: Page) => page.locator('.user-card-score strong');

test.describe('member area', () => {
  test('no member page opens without login', async ({ page }) => {
    for (const route of MEMBER_PAGES) {
      await page.goto(route.path);
      await expect(page).toHaveURL(`${NO_CAPTCHA}/user_login?redirect=${encodeURIComponent(route.path)}`);
    }
  });

  test('favourite a tender on its page → in 我的收藏 → cancel → undo; the detail page agrees', async ({ page, consoleProblems }) => {
    await logIn(page, 'demo', 'demo123', `/zb/${FAVORITE_ZB_ID}`);
    // The login page's client navigation may still show its own h1 when the URL has changed.
    const favourite = page.getByRole('button', { name: '收藏', exact: true });
    await expect(favourite).toBeVisible();
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    await favourite.click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('banner').getByRole('link', { name: '会员中心' }).click();
    await menu(page).getByRole('link', { name: '我的收藏' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: '取消收藏' }).click();
    await expect(row.getByText('已取消收藏')).toBeVisible();
    await row.getByRole('button', { name: '撤销' }).click();
    await expect(row.getByRole('button', { name: '取消收藏' })).toBeVisible();

    // The detail page reads the same cache: still favourited, without a reload.
    await row.getByRole('link', { name: title, exact: true }).click();
    await expect(page).toHaveURL(`${NO_CAPTCHA}/zb/${FAVORITE_ZB_ID}`);
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();
    // …and after one.
    await page.goto('/user/favorite?type=zb');
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('star a row on /zb → 我的收藏 → the detail agrees; 新 on a notice since the last visit', async ({
    page,
    request,
    consoleProblems,
  }) => {
    test.setTimeout(90_000);
    await registerMember(page);
    const run = Date.now().toString(36);
    const title = `历下区经十路雨污分流改造工程招标公告 ${run}`;
    await importNotices(request, [
      {
        kind: 'zb',
        sourceId: `e2e-star-${run}`,
        title,
        noticeType: '招标公告',
        areaCode: '370102',
        industry: '市政',
        amount: 860,
        publishTime: shanghai(0),
        tenderer: '济南市历下区城市管理局',
        content: '<p>雨污分流改造。</p>',
      },
    ]);

    // The first visit from this browser: nothing is 新 yet.
    await page.goto('/zb');
    await waitForHydration(page);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(row).toBeVisible();
    await expect(row.getByText('新', { exact: true })).toHaveCount(0);

    // The previous visit was seen two hours ago: the notice published since is 新, on every page of this visit.
    await page.evaluate(() => localStorage.setItem('portal:visit', JSON.stringify({ previous: null, seen: Date.now() - 7_200_000 })));
    await page.reload();
    await waitForHydration(page);
    await expect(row.getByText('新', { exact: true })).toBeVisible();

    const star = row.getByRole('button', { name: `收藏：${title}` });
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await screenshot(page, 'zb-list-star');

    await page.getByRole('banner').getByRole('link', { name: '会员中心' }).click();
    await menu(page).getByRole('link', { name: '我的收藏' }).click();
    const favourite = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await expect(favourite).toBeVisible();
    await favourite.getByRole('link', { name: title, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');

    // Back on the list, after a reload: still starred, still 新 (the visit goes on).
    await page.goto('/zb');
    await waitForHydration(page);
    await expect(row.getByRole('button', { name: `收藏：${title}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(row.getByText('新', { exact: true })).toBeVisible();

    // The phone list: the same star, a 44 px target, and the same 新.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/m/pages/zb/index');
    await waitForHydration(page);
    const mobileRow = page.getByRole('listitem').filter({ hasText: title });
    const mobileStar = mobileRow.getByRole('button', { name: `收藏：${title}` });
    await expect(mobileStar).toHaveAttribute('aria-pressed', 'true');
    const box = await mobileStar.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
    await expect(mobileRow.getByText('新', { exact: true })).toBeVisible();
    await screenshot(page, 'm-zb-list-star');
    await mobileStar.click();
    await expect(mobileStar).toHaveAttribute('aria-pressed', 'false');

    // /xmk has the same star on every row.
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/xmk');
    await waitForHydration(page);
    await expect(
      page
        .locator('.result-item')
        .first()
        .getByRole('button', { name: /^收藏：/ }),
    ).toHaveAttribute('aria-pressed', 'false');
    await screenshot(page, 'xmk-list-star');
    await expectCleanConsole(consoleProblems);
  });

  test('加入跟进 → the client exists → add a visit record → delete it', async ({ page, consoleProblems }) => {
    test.setTimeout(60_000);
    await registerMember(page);
    await page.goto(`/xmk/${FOLLOW_XMK_ID}`);
    await waitForHydration(page);
    const owner = (await page.locator('.field').filter({ hasText: '建设单位' }).locator('dd').first().textContent()) ?? '';
    await page.getByRole('button', { name: '收藏', exact: true }).click();
    await expect(page.getByRole('button', { name: '已收藏' })).toBeVisible();

    await page.goto('/user/favorite');
    await waitForHydration(page);
    await page.getByRole('button', { name: '加入跟进' }).click();
    await page.getByRole('link', { name: '查看客户' }).click();
    await expect(page.getByRole('heading', { level: 2, name: owner })).toBeVisible();
    await expect(page.getByText('还没有拜访记录')).toBeVisible();

    await page.getByRole('button', { name: '写拜访记录' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('电话', { exact: true }).click();
    await dialog.getByLabel('拜访内容').fill('电话联系项目负责人，了解施工招标计划');
    await dialog.getByLabel('拜访结果').fill('下月发布招标公告');
    await dialog.getByRole('button', { name: '保存记录' }).click();
    await expect(dialog).toHaveCount(0);
    const records = page.getByRole('region', { name: '拜访记录（1）' });
    await expect(records.getByText('电话联系项目负责人，了解施工招标计划')).toBeVisible();

    // The client list knows: one visit.
    await menu(page).getByRole('link', { name: '拜访客户' }).click();
    const clientRow = page.getByRole('row').filter({ hasText: owner });
    await expect(clientRow).toContainText('1 次');
    await menu(page).getByRole('link', { name: '拜访记录' }).click();
    await page.getByRole('row').filter({ hasText: '下月发布招标公告' }).getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('还没有拜访记录，点“新增记录”记下第一次拜访。')).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('unlocking contacts costs the points once: balance and log change by the cost, a second view is free', async ({
    page,
    consoleProblems,
  }) => {
    await registerMember(page);
    await expect(sideScore(page)).toHaveText('100');
    await page.goto(`/xmk/${UNLOCK_XMK_ID}`);
    await waitForHydration(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
    const contacts = page.getByRole('region', { name: /^联系方式/ });
    await contacts.getByRole('button', { name: '积分查看' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定查看' }).click();
    await expect(contacts.getByText('已解锁')).toBeVisible();

    await page.goto('/user/logscore');
    await expect(sideScore(page)).toHaveText('90');
    const unlockRow = page.getByRole('row').filter({ hasText: `查看联系方式：${title}` });
    await expect(unlockRow).toContainText('-10');
    await expect(unlockRow).toContainText('90');

    // A second view of the same project: contacts shown, nothing charged.
    await page.goto(`/xmk/${UNLOCK_XMK_ID}`);
    await expect(contacts.getByText('已解锁')).toBeVisible();
    await expect(contacts.getByRole('button', { name: '积分查看' })).toHaveCount(0);
    await page.goto('/user/logscore');
    await expect(sideScore(page)).toHaveText('90');
    await expect(page.getByRole('row').filter({ hasText: '查看联系方式' })).toHaveCount(1);
    await expectCleanConsole(consoleProblems);
  });

  test('changing the subscription changes /user/bidding', async ({ page, consoleProblems }) => {
    await registerMember(page);
    await page.goto('/user/bidding');
    await waitForHydration(page);
    await expect(page.getByText('尚未设置订阅')).toBeVisible();
    const summary = page.locator('.member-toolbar-summary strong');
    const before = Number(await summary.textContent());

    await page.getByRole('link', { name: '设置订阅' }).click();
    const form = page.getByRole('region', { name: '招标订阅' });
    await form.getByLabel('订阅关键词').fill('道路');
    await form.getByLabel('订阅关键词').press('Enter');
    await form.getByRole('button', { name: '保存订阅' }).click();
    await form.getByRole('link', { name: '查看订阅招标 ›' }).click();

    await expect(page).toHaveURL(`${NO_CAPTCHA}/user/bidding`);
    await expect(page.locator('.subscription-summary').getByText('道路', { exact: true })).toBeVisible();
    await expect(summary).not.toHaveText(String(before));
    const after = Number(await summary.textContent());
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    await expectCleanConsole(consoleProblems);
  });

  test('resetting the password signs the member out; the old password no longer works', async ({ page, consoleProblems }) => {
    const { username, password } = await registerMember(page);
    await menu(page).getByRole('link', { name: '修改密码' }).click();
    await page.getByLabel('原密码').fill(password);
    await page.getByLabel('新密码', { exact: true }).fill('Changed456');
    await page.getByLabel('确认新密码').fill('Changed456');
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page).toHaveURL(`${NO_CAPTCHA}/user_login`);
    // Logged out: on the login page the header offers registration (not a link to this page).
    await expect(page.getByRole('banner').getByRole('link', { name: '免费注册' })).toBeVisible();

    await page.getByLabel('用户名', { exact: true }).fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    // The form says why (the toast of the reset may still be showing: another alert).
    await expect(page.getByRole('alert').filter({ hasText: '用户不存在/密码错误' })).toBeVisible();

    await page.getByLabel('密码', { exact: true }).fill('Changed456');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(`${NO_CAPTCHA}/user`);
    await expectCleanConsole(consoleProblems);
  });

  test('two members in two browsers never see each other’s data', async ({ browser, page }) => {
    await logIn(page, 'demo', 'demo123', '/user/baifangClient');
    const demoClient = (await page.locator('.client-cell-name').first().textContent()) ?? '';
    expect(demoClient).not.toBe('');

    const other = await newContext(browser);
    await registerMember(other);
    for (const path of ['/user/baifangClient', '/user/favorite', '/user/msgForm', '/user/logscore']) {
      await other.goto(path);
      await expect(other.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(other.getByText(demoClient)).toHaveCount(0);
      await expect(other.getByText('演示用户', { exact: true })).toHaveCount(0);
    }
    await expect(other.getByRole('cell', { name: '注册赠送', exact: true })).toBeVisible();
    // demo's own session is unchanged by the other login.
    await page.reload();
    await expect(page.getByText(demoClient)).toBeVisible();
    await other.context().close();
  });

  test('logging out from a member page goes home without asking for member data as a visitor', async ({ page, consoleProblems }) => {
    await logIn(page, 'demo', 'demo123', '/user/logscore');
    await expect(page.getByRole('row').filter({ hasText: '注册赠送' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /退出登录/ })
      .click();
    await expect(page).toHaveURL(`${NO_CAPTCHA}/`);
    await expect(page.getByRole('banner').getByRole('link', { name: '登录' })).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('every member page, as the demo member at 1366×768', async ({ page, consoleProblems }) => {
    test.setTimeout(90_000);
    await logIn(page);
    for (const route of MEMBER_PAGES) {
      await page.goto(route.path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await screenshot(page, `member${route.path.replace(/\//g, '-')}`);
    }
    await page.goto('/user/baifangClient');
    await waitForHydration(page);
    await page.getByRole('button', { name: '新增客户' }).click();
    await expect(page.getByRole('dialog').getByText('我收藏的项目')).toBeVisible();
    await screenshot(page, 'member-client-dialog');
    await expectCleanConsole(consoleProblems);
  });

  test('新增客户 → 从项目添加 → 选择 fills the client form; a visit record is then edited', async ({ page, consoleProblems }) => {
    test.setTimeout(60_000);
    await registerMember(page);
    await page.goto('/user/baifangClient');
    await waitForHydration(page);
    await page.getByRole('button', { name: '新增客户' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: '搜索项目' }).fill('工程');
    await dialog.getByRole('button', { name: '搜索' }).click();
    await dialog.locator('.picker-option').first().click();
    const company = dialog
      .locator('.company-option')
      .filter({ has: page.getByRole('button', { name: '选择', exact: true }) })
      .first();
    const companyName = (await company.locator('.company-option-name').textContent())!;
    await company.getByRole('button', { name: '选择', exact: true }).click();
    await expect(dialog.getByLabel('客户单位')).toHaveValue(companyName);
    await expect(dialog.getByText('来源项目：')).toBeVisible();
    await screenshot(page, 'member-client-from-project');
    await dialog.getByRole('button', { name: '新增客户' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: companyName });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: '写记录' }).click();
    await page.getByRole('dialog').getByLabel('拜访内容').fill('初次电话联系');
    await page.getByRole('dialog').getByRole('button', { name: '保存记录' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.goto('/user/baifangRecords');
    await waitForHydration(page);
    const record = page.getByRole('row').filter({ hasText: '初次电话联系' });
    await record.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByLabel('拜访内容')).toHaveValue('初次电话联系');
    await edit.getByLabel('拜访内容').fill('初次电话联系，约好下周上门');
    await screenshot(page, 'member-record-edit');
    await edit.getByRole('button', { name: '保存修改' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: '初次电话联系，约好下周上门' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: '初次电话联系，约好下周上门' })).toBeVisible();
    await expectCleanConsole(consoleProblems);
  });

  test('立即开通 asks first with what is bought and the amount; a pending order is cancelled', async ({ page, consoleProblems }) => {
    await registerMember(page);
    await page.goto('/user/duanMember');
    await waitForHydration(page);
    const offer = page.locator('li').filter({ has: page.getByRole('heading', { name: '月度会员' }) });
    await offer.getByRole('button', { name: '立即开通' }).click();
    const ask = page.getByRole('dialog');
    await expect(ask).toContainText('开通「月度会员」');
    await expect(ask).toContainText('月度会员（30 天）');
    await expect(ask).toContainText('¥99');
    await screenshot(page, 'member-order-confirm');
    await ask.getByRole('button', { name: /^取\s*消$/ }).click();
    await expect(page.getByText('还没有订单')).toBeVisible();

    await offer.getByRole('button', { name: '立即开通' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^确\s*认$/ })
      .click();
    await expect(page.getByText('订单已提交，等待付款')).toBeVisible();
    const order = page.getByRole('row').filter({ hasText: '月度会员' });
    await expect(order).toContainText('待付款');
    await order.getByRole('button', { name: '取消订单' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '取消订单' }).click();
    await expect(order).toContainText('已取消');
    await expect(order.getByRole('button', { name: '取消订单' })).toHaveCount(0);
    await screenshot(page, 'member-order-cancelled');
    await expectCleanConsole(consoleProblems);
  });

  for (const unread of [12, 120]) {
    test(`at 1366 px the header stays one line with ${unread} unread messages`, async ({ page, consoleProblems }) => {
      await page.route('**/cms/alerts/unread', (route) => route.fulfill({ json: { code: 200, msg: '操作成功', data: unread } }));
      await logIn(page, 'vip', 'vip123');
      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: `消息提醒，${unread} 条未读` })).toBeVisible();
      // Every menu entry and member link is one line of text: a wrapped one has two line boxes.
      const lines = await header
        .locator('.site-nav-link, .site-member-text, .site-member > a:not(.site-member-alerts), .site-member-logout')
        .evaluateAll((elements) =>
          elements.map((element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const tops = new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top)));
            return `${element.textContent ?? ''}: ${tops.size}`;
          }),
        );
      expect(lines.length).toBeGreaterThan(8);
      for (const line of lines) expect(line).toMatch(/: 1$/);
      // 消息 and its badge (a box of its own) on one line: no taller than the badge.
      expect((await header.locator('.site-member-alerts').boundingBox())!.height).toBeLessThanOrEqual(24);
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(64);
      await screenshot(page, `header-unread-${unread}`);
      await expectCleanConsole(consoleProblems);
    });
  }
});

async function newContext(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: NO_CAPTCHA,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1366, height: 768 },
  });
  return context.newPage();
}
