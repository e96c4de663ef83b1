/**
 * In Chromium: the Content Security Policy is enforced (a script without our nonce does
 * not run), and nothing the portal itself does on public, login and member pages violates it —
 * React's streaming scripts, antd's styles, the captcha image, modals and toasts included.
 */
import type { Page } from '@playwright/test';
import { PORTS } from '../playwright.config';
import { expect, expectCleanConsole, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation the page reports, from the first byte on. */
async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations?.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
}

const violations = (page: Page) => page.evaluate(() => window.__cspViolations ?? []);

async function visit(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  await waitForHydration(page);
}

test.describe('Content Security Policy in the browser', () => {
  test('a script without the nonce does not run, and the attempt is reported', async ({ page }) => {
    await watchCsp(page);
    await visit(page, '/');
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.appendChild(script);
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    expect((await violations(page)).some((v) => v.startsWith('script-src'))).toBe(true);
  });

  // Every route is also visited with a clean-console check by public.spec.ts and member.spec.ts,
  // where a violation would show as a console error; these visit one page of each kind and count
  // the violations themselves.
  test('public pages and the login and register pages break no rule', async ({ page, request, consoleProblems }) => {
    test.setTimeout(60_000);
    await watchCsp(page);
    const firstId = async (type: 'xmk' | 'zb') =>
      ((await (await request.get(`/prod-api/api/${type}/search?pageSize=1`)).json()) as { rows: { id: number }[] }).rows[0]?.id;
    const paths = [
      '/',
      '/index2',
      '/xmk',
      `/xmk/${await firstId('xmk')}`,
      `/zb/${await firstId('zb')}`,
      '/goods',
      '/business/gczx',
      '/support/notice',
      '/3g',
      '/test/demo',
      '/user_register',
    ];
    for (const path of paths) await visit(page, path);

    // The captcha image (a data: URI) and its refresh.
    await visit(page, '/user_login');
    await page.getByRole('button', { name: '看不清？换一张' }).click();
    await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await expectCleanConsole(consoleProblems);
  });

  test('member pages, a modal and a toast break no rule', async ({ page, consoleProblems }) => {
    test.setTimeout(90_000);
    await watchCsp(page);
    await visit(page, `${NO_CAPTCHA}/user_login`);
    await page.getByLabel('用户名', { exact: true }).fill('demo');
    await page.getByLabel('密码', { exact: true }).fill('demo123');
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(page).toHaveURL(`${NO_CAPTCHA}/user`);
    const memberPages = ['/user', '/user/favorite', '/user/baifangClient', '/user/baifangRecords-bak', '/user/vipuser', '/user/member'];
    for (const path of memberPages) await visit(page, `${NO_CAPTCHA}${path}`);

    // antd's modal (it locks scrolling with an inserted <style>) and a toast.
    await page.getByRole('banner').getByRole('button', { name: '退出登录' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /退出登录/ })
      .click();
    await expect(page.getByText('已退出登录')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await expectCleanConsole(consoleProblems);
  });
});
