/**
 * 忘记密码 end to end, through a real SMTP sink: a member confirms an alert address, then — in
 * another browser — asks for a recovery link from the login page, opens it from the mail, sets a
 * new password and signs in with it; the first browser's session has ended, and the link works once.
 */
import { PORTS } from '../playwright.config';
import { MSG_RECOVERY_DONE, MSG_RECOVERY_REQUESTED } from '../shared/src/member/recovery';
import { startMailSink } from '../scripts/lib/mail-sink';
import { expect, expectCleanConsole, screenshot, test, waitForHydration } from './fixtures';

const NO_CAPTCHA = `http://127.0.0.1:${PORTS.noCaptcha}`;

test.use({ baseURL: NO_CAPTCHA });

test('a member recovers the password by mail, and every session ends', async ({ page, browser, consoleProblems }) => {
  test.setTimeout(90_000);
  const sink = await startMailSink(PORTS.smtp);
  try {
    const run = Date.now().toString(36);
    const username = `rec_${run}`;
    const address = `rec-${run}@example.com`;
    await page.goto('/user_register');
    await waitForHydration(page);
    await page.getByLabel('用户名', { exact: true }).fill(username);
    await page.getByLabel('密码', { exact: true }).fill('old-pass1');
    await page.getByLabel('确认密码', { exact: true }).fill('old-pass1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: /^注\s*册$/ }).click();
    await expect(page).toHaveURL(/\/user$/);

    // A confirmed address (the alert mail's confirmation link), then alert mail off again.
    await page.goto('/user/alerts?tab=delivery');
    await waitForHydration(page);
    const form = page.locator('form', { has: page.getByLabel('接收邮箱') });
    await form.getByRole('radio', { name: '即时' }).check();
    await form.getByLabel('接收邮箱').fill(address);
    await form.getByRole('button', { name: '保存设置' }).click();
    await expect.poll(() => sink.received.filter((m) => m.to.includes(address)).length, { timeout: 20_000 }).toBe(1);
    const confirm = new RegExp(`${NO_CAPTCHA}/mail/confirm\\?token=[A-Za-z0-9_-]{43}`).exec(sink.received[0]!.text)![0];
    await page.goto(confirm);
    await waitForHydration(page);
    await page.getByRole('button', { name: '确认接收提醒' }).click();
    await expect(page.getByText(`邮箱 ${address} 已确认`, { exact: false })).toBeVisible();
    await page.goto('/user/alerts?tab=delivery');
    await waitForHydration(page);
    await form.getByRole('radio', { name: '不发送' }).check();
    await form.getByRole('button', { name: '保存设置' }).click();
    await expect(page.getByText('推送设置已保存')).toBeVisible();
    sink.received.length = 0;

    // Another browser, signed out: 忘记密码 from the login page.
    const other = await browser.newContext({ baseURL: NO_CAPTCHA, locale: 'zh-CN' });
    const visitor = await other.newPage();
    await visitor.goto('/user_login');
    await waitForHydration(visitor);
    await visitor.getByRole('link', { name: '忘记密码？' }).click();
    await expect(visitor).toHaveURL(`${NO_CAPTCHA}/password/forgot`);
    await visitor.getByLabel('用户名或邮箱').fill(username);
    await visitor.getByRole('button', { name: '发送重置链接' }).click();
    await expect(visitor.getByText(MSG_RECOVERY_REQUESTED)).toBeVisible();
    await screenshot(visitor, 'password-forgot-sent');

    await expect.poll(() => sink.received.filter((m) => m.to.includes(address)).length, { timeout: 20_000 }).toBe(1);
    const mail = sink.received.find((m) => m.to.includes(address))!;
    expect(mail.subject).toBe('山东项目网：重置密码');
    const link = new RegExp(`${NO_CAPTCHA}/password/reset\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)![0];
    await visitor.goto(link);
    await waitForHydration(visitor);
    await visitor.getByLabel('新密码', { exact: true }).fill('new-pass1');
    await visitor.getByLabel('确认新密码', { exact: true }).fill('new-pass1');
    await visitor.getByRole('button', { name: '保存新密码' }).click();
    await expect(visitor.getByText(MSG_RECOVERY_DONE)).toBeVisible();

    // The first browser's session ended with the new password.
    await page.goto('/user');
    await expect(page).toHaveURL(/\/user_login\?redirect=%2Fuser$/);

    // The new password signs in; the link does not work twice.
    await visitor.getByRole('link', { name: '去登录' }).click();
    await waitForHydration(visitor);
    await visitor.getByLabel('用户名', { exact: true }).fill(username);
    await visitor.getByLabel('密码', { exact: true }).fill('new-pass1');
    await visitor.getByRole('button', { name: /^登\s*录$/ }).click();
    await expect(visitor).toHaveURL(/\/user$/);
    await visitor.goto(link);
    await waitForHydration(visitor);
    await visitor.getByLabel('新密码', { exact: true }).fill('other-pass1');
    await visitor.getByLabel('确认新密码', { exact: true }).fill('other-pass1');
    await visitor.getByRole('button', { name: '保存新密码' }).click();
    await expect(visitor.getByText('重置链接无效或已过期，请重新找回密码')).toBeVisible();
    await other.close();
    await expectCleanConsole(consoleProblems);
  } finally {
    await sink.close();
  }
});
