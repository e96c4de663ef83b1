import type { Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

/** The portal started with CAPTCHA_ENABLED=false: flows that log in and register. */
const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;

async function fillLogin(page: Page, username: string, password: string) {
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
}

const submitLogin = (page: Page) => page.getByRole('button', { name: /^登\s*录$/ });

/** Logs in from the login page already open, and waits until the page has moved on. */
async function logIn(page: Page, username = 'demo', password = 'demo123') {
  await waitForHydration(page);
  await fillLogin(page, username, password);
  await submitLogin(page).click();
  await expect(page).not.toHaveURL(/\/user_login/);
}

async function logOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /退出登录/ })
    .click();
}

test.describe('login with captcha', () => {
  test('the captcha shows, refreshes on click, and a wrong answer says 验证码错误 beside the form', async ({ page, consoleProblems }) => {
    await page.goto('/user_login');
    await waitForHydration(page);
    const image = page.getByRole('img', { name: '验证码图片' });
    await expect(image).toBeVisible();
    const first = await image.getAttribute('src');
    expect(first).toMatch(/^data:image\/png;base64,iVBORw0KGgo/);

    await page.getByRole('button', { name: '看不清？换一张' }).click();
    await expect(image).not.toHaveAttribute('src', first ?? '');

    await fillLogin(page, 'demo', 'demo123');
    await page.getByLabel('验证码', { exact: true }).fill('0000');
    const beforeSubmit = await image.getAttribute('src');
    await submitLogin(page).click();

    await expect(page.getByRole('alert')).toHaveText('验证码错误');
    await expect(page).toHaveURL(/\/user_login$/);
    // The name and password stay; the used-up challenge is replaced and its answer cleared.
    await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('demo');
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue('demo123');
    await expect(page.getByLabel('验证码', { exact: true })).toHaveValue('');
    await expect(image).not.toHaveAttribute('src', beforeSubmit ?? '');
    await screenshot(page, 'login-captcha-error');
    await expectCleanConsole(consoleProblems);
  });

  test('login and register pages look right', async ({ page, consoleProblems }) => {
    await page.goto('/user_login');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: '会员登录' })).toBeVisible();
    await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
    await screenshot(page, 'login');

    await page.getByRole('link', { name: '免费注册' }).last().click();
    await expect(page.getByRole('heading', { level: 1, name: '会员注册' })).toBeVisible();
    await expect(page.getByRole('link', { name: '《服务协议》' })).toHaveAttribute('href', '/support/fwxy');
    await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
    await screenshot(page, 'register');
    await expectCleanConsole(consoleProblems);
  });

  test('no HTTP answer reveals a captcha answer', async ({ request }) => {
    const res = await request.get('/prod-api/captchaImage');
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['captchaEnabled', 'code', 'img', 'msg', 'uuid']);
    // The picture is a distorted raster: no text, markup or path in it to read.
    const png = Buffer.from(String(body.img), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.toString('latin1')).not.toMatch(/tEXt|iTXt|zTXt|<svg|<path|<text/);
    for (const [name, value] of Object.entries(res.headers())) {
      expect(`${name}: ${value}`).not.toMatch(/captcha|answer/i);
    }
  });
});

test.describe('member session with captcha off', () => {
  test.use({ baseURL: NO_CAPTCHA });

  test('register → logout → login → /user → reload stays logged in → logout', async ({ page, context, consoleProblems }) => {
    const username = `e2e_${Date.now().toString(36)}`;
    const password = 'Secret123';
    await page.goto('/user_register');
    await waitForHydration(page);
    await expect(page.getByLabel('验证码', { exact: true })).toHaveCount(0);
    await page.getByLabel('用户名', { exact: true }).fill(username);
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码', { exact: true }).fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^注\s*册$/ }).click();

    const header = page.getByRole('banner');
    await expect(page).toHaveURL(/\/user$/);
    await expect(header.getByRole('link', { name: username })).toBeVisible();

    // The token lives only in an HttpOnly cookie: no script can read it.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'member-token-nuxt')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('member-token-nuxt');
    expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(
      cookies.find((c) => c.name === 'member-token-nuxt')?.value,
    );

    await logOut(page);
    await expect(page).toHaveURL(`${NO_CAPTCHA}/`);
    await expect(header.getByRole('link', { name: '登录' })).toBeVisible();

    await header.getByRole('link', { name: '登录' }).click();
    await expect(page).toHaveURL(/\/user_login$/);
    await logIn(page, username, password);
    await expect(page).toHaveURL(/\/user$/);

    await page.reload();
    await waitForHydration(page);
    await expect(page).toHaveURL(/\/user$/);
    await expect(header.getByRole('link', { name: username })).toBeVisible();
    // First paint: the server's HTML already shows the member.
    const html = await (await page.request.get('/user')).text();
    expect(html).toContain(`<span class="site-member-text">${username}</span>`);

    await logOut(page);
    await expect(page).toHaveURL(`${NO_CAPTCHA}/`);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user_login\?redirect=%2Fuser$/);
    await expectCleanConsole(consoleProblems);
  });

  test('registration checks the name is free while it is typed', async ({ page }) => {
    await page.goto('/user_register');
    await waitForHydration(page);
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await expect(page.getByText('该用户名已被注册')).toBeVisible();
  });

  test('a guarded deep link returns to itself after login', async ({ page, consoleProblems }) => {
    await page.goto('/user/favorite?type=zb');
    await expect(page).toHaveURL(/\/user_login\?redirect=%2Fuser%2Ffavorite%3Ftype%3Dzb$/);
    await logIn(page);
    await expect(page).toHaveURL(`${NO_CAPTCHA}/user/favorite?type=zb`);
    await expectCleanConsole(consoleProblems);
  });

  for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
    test(`a redirect to another site (${evil}) lands on /user`, async ({ page }) => {
      await page.goto(`/user_login?redirect=${encodeURIComponent(evil)}`);
      await logIn(page);
      await expect(page).toHaveURL(`${NO_CAPTCHA}/user`);
    });
  }

  test('a double-clicked submit is refused by the 1000 ms duplicate-submit guard', async ({ page }) => {
    await page.goto('/user_login');
    await waitForHydration(page);
    await fillLogin(page, 'demo', 'demo123');
    await submitLogin(page).dblclick();
    await expect(page.getByText('数据正在处理，请勿重复提交')).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);
  });

  test('the login page says why a login failed and keeps what was typed', async ({ page, consoleProblems }) => {
    await page.goto('/user_login');
    await waitForHydration(page);
    await fillLogin(page, 'demo', 'not-the-password');
    await submitLogin(page).click();
    // the refusal says how many tries this browser has left before its lock.
    await expect(page.getByRole('alert')).toHaveText(/^用户不存在\/密码错误，还可尝试[1-4]次$/);
    await expect(page.getByLabel('用户名', { exact: true })).toHaveValue('demo');
    await expectCleanConsole(consoleProblems);
  });

  test('no HTTP answer reveals a captcha answer with the captcha off either', async ({ request }) => {
    const body = (await (await request.get('/prod-api/captchaImage')).json()) as Record<string, unknown>;
    expect(body).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false });
  });
});
