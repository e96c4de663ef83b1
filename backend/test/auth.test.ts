/**
 * Security rules of DOMAIN.md and RuoYi: captcha (single use, 2 minutes, case-insensitive), the
 * encrypted password, lockout after 5 failures for 10 minutes, hashed tokens with a 30-minute
 * sliding expiry, refresh, logout, registration rules and password reset.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBackend, type TestBackend } from './fixture';

const MINUTE = 60_000;
const BAD_CREDENTIALS = '用户不存在/密码错误';
/** A wrong password says how many tries this client has left before its lock. */
const triesLeft = (n: number) => `${BAD_CREDENTIALS}，还可尝试${n}次`;
const LOCKED = '密码输入错误5次，账号锁定10分钟';
const CLIENT_LOCKED = '登录失败次数过多，请10分钟后再试';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend({ projects: 20, tenders: 20 });
});

afterAll(() => t.close());

const login = (body: Record<string, unknown>) => request(t.app).post('/api/member/login').send(body);
const memberInfo = (token: string) => request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(token));

describe('captcha', () => {
  it('answers a base64 PNG (no data: prefix) and a uuid, and never the answer', async () => {
    const res = await request(t.app).get('/captchaImage');
    expect(res.body).toMatchObject({ code: 200, captchaEnabled: true });
    expect(res.body.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const png = Buffer.from(res.body.img, 'base64');
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(res.text).not.toContain(t.captcha.lastAnswer());
    expect(JSON.stringify(res.headers)).not.toContain(t.captcha.lastAnswer());
  });

  it('accepts the answer in any case', async () => {
    const { uuid, code, pow } = await t.solveCaptcha();
    const res = await login({ username: 'demo', password: t.encrypt('demo123'), uuid, code: code!.toLowerCase(), pow });
    expect(res.body.code).toBe(200);
  });

  it('refuses a wrong answer, and the challenge is spent', async () => {
    const { uuid, code, pow } = await t.solveCaptcha();
    const wrong = await login({ username: 'demo', password: t.encrypt('demo123'), uuid, code: 'zzzz', pow });
    expect(wrong.body).toEqual({ code: 500, msg: '验证码错误' });
    const retry = await login({ username: 'demo', password: t.encrypt('demo123'), uuid, code, pow });
    expect(retry.body).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('is single use', async () => {
    const captcha = await t.solveCaptcha();
    expect((await login({ username: 'demo', password: t.encrypt('demo123'), ...captcha })).body.code).toBe(200);
    const reused = await login({ username: 'demo', password: t.encrypt('demo123'), ...captcha, pow: await t.solvePow() });
    expect(reused.body).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('expires after 2 minutes', async () => {
    const fresh = await t.solveCaptcha();
    t.clock.advance(2 * MINUTE - 1000);
    expect((await login({ username: 'demo', password: t.encrypt('demo123'), ...fresh })).body.code).toBe(200);
    const old = await t.solveCaptcha();
    t.clock.advance(2 * MINUTE + 1000);
    expect((await login({ username: 'demo', password: t.encrypt('demo123'), ...old })).body).toEqual({
      code: 500,
      msg: '验证码已失效',
    });
  });

  it('is required: no uuid or code reads as expired', async () => {
    expect((await login({ username: 'demo', password: t.encrypt('demo123') })).body).toEqual({
      code: 500,
      msg: '验证码已失效',
    });
    const { uuid } = await t.solveCaptcha();
    expect((await login({ username: 'demo', password: t.encrypt('demo123'), uuid })).body).toEqual({
      code: 500,
      msg: '验证码错误',
    });
  });

  it('is off with CAPTCHA_ENABLED=false: captchaEnabled false, code and uuid ignored', async () => {
    const open = await createTestBackend({ projects: 5, tenders: 5, captchaEnabled: false });
    try {
      const res = await request(open.app).get('/captchaImage');
      expect(res.body).toEqual({ code: 200, msg: '操作成功', captchaEnabled: false });
      const config = await request(open.app).get('/api/system/config/configKey/sys.account.captchaEnabled');
      expect(config.body).toEqual({ code: 200, msg: 'false' });
      const ok = await request(open.app)
        .post('/api/member/login')
        .send({ username: 'demo', password: open.encrypt('demo123'), code: 'x', uuid: 'nope' });
      expect(ok.body.code).toBe(200);
    } finally {
      open.close();
    }
  });
});

describe('login', () => {
  it('answers token, randomPassword and expiresIn; the token works as a bearer', async () => {
    const res = await login({ username: 'demo', password: t.encrypt('demo123'), ...(await t.solveCaptcha()) });
    expect(res.body).toMatchObject({ code: 200, msg: '操作成功', expiresIn: 1800 });
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.randomPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await memberInfo(res.body.token)).body.user.userName).toBe('demo');
  });

  it('matches user names case-insensitively', async () => {
    expect(await t.login('DEMO', 'demo123')).toBeTruthy();
  });

  it.each([
    ['a wrong password', 'demo', 'wrong-pass'],
    ['an unknown user', 'nobody_here', 'demo123'],
    ['a user name too short', 'd', 'demo123'],
    ['a user name too long', 'd'.repeat(21), 'demo123'],
  ])('answers the same message for %s', async (_case, username, password) => {
    const res = await login({ username, password: t.encrypt(password), ...(await t.solveCaptcha()) });
    expect(res.body).toEqual({ code: 500, msg: triesLeft(4) });
  });

  it('refuses a password that was not encrypted with the published key', async () => {
    const answers = [];
    for (const password of ['demo123', 'bm90IHJzYQ==', 'A'.repeat(2000)]) {
      answers.push((await login({ username: 'demo', password, ...(await t.solveCaptcha()) })).body);
    }
    // demo's one wrong password above counted too.
    expect(answers).toEqual([3, 2, 1].map((n) => ({ code: 500, msg: triesLeft(n) })));
    expect(await t.login('demo', 'demo123')).toBeTruthy();
  });

  it('names missing fields', async () => {
    const res = await login({ password: t.encrypt('demo123'), ...(await t.solveCaptcha()) });
    expect(res.body).toEqual({ code: 500, msg: 'username 不能为空' });
    const wrongType = await login({ username: 12345, password: t.encrypt('demo123') });
    expect(wrongType.body).toEqual({ code: 500, msg: 'username 不能为空' });
  });

  it('logs in with the random password (mobile QR login) and not with a wrong one', async () => {
    const first = await login({ username: 'vip', password: t.encrypt('vip123'), ...(await t.solveCaptcha()) });
    const random = first.body.randomPassword as string;
    const qr = await login({
      username: 'vip',
      password: t.encrypt(random),
      loginType: 'randomPassword',
      ...(await t.solveCaptcha()),
    });
    expect(qr.body.code).toBe(200);
    const stale = await login({
      username: 'vip',
      password: t.encrypt(random),
      loginType: 'randomPassword',
      ...(await t.solveCaptcha()),
    });
    expect(stale.body).toEqual({ code: 500, msg: triesLeft(4) });
  });
});

describe('lockout', () => {
  it('counts down, locks at the fifth wrong password for 10 minutes, even for the right password', async () => {
    await t.register('lock_me', 'right-pass');
    for (const left of [4, 3, 2, 1]) {
      const res = await login({ username: 'lock_me', password: t.encrypt('wrong-pass'), ...(await t.solveCaptcha()) });
      expect(res.body).toEqual({ code: 500, msg: triesLeft(left) });
    }
    const fifth = await login({ username: 'lock_me', password: t.encrypt('wrong-pass'), ...(await t.solveCaptcha()) });
    expect(fifth.body).toEqual({ code: 500, msg: LOCKED });
    const locked = await login({ username: 'lock_me', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(locked.body).toEqual({ code: 500, msg: LOCKED });
    t.clock.advance(9 * MINUTE);
    expect((await login({ username: 'lock_me', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) })).body.msg).toBe(LOCKED);
    t.clock.advance(1 * MINUTE + 1000);
    expect((await login({ username: 'lock_me', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) })).body.code).toBe(200);
  });

  it('forgets failures after a success', async () => {
    for (let i = 0; i < 4; i++) await login({ username: 'lock_me', password: t.encrypt('wrong-pass'), ...(await t.solveCaptcha()) });
    expect(await t.login('lock_me', 'right-pass')).toBeTruthy();
    for (let i = 0; i < 4; i++) await login({ username: 'lock_me', password: t.encrypt('wrong-pass'), ...(await t.solveCaptcha()) });
    expect(await t.login('lock_me', 'right-pass')).toBeTruthy();
  });

  it('locks unknown user names the same way, revealing nothing', async () => {
    for (let i = 0; i < 5; i++) await login({ username: 'ghost_user', password: t.encrypt('whatever'), ...(await t.solveCaptcha()) });
    const res = await login({ username: 'ghost_user', password: t.encrypt('whatever'), ...(await t.solveCaptcha()) });
    expect(res.body).toEqual({ code: 500, msg: LOCKED });
  });
});

describe('lockout per account and client', () => {
  const from = (client: string) => (body: Record<string, unknown>) =>
    request(t.app).post('/api/member/login').set('X-Portal-Client', client).send(body);

  it("locks the client that guessed, not the owner's", async () => {
    await t.register('owner_one', 'right-pass');
    const attacker = from('198.51.100.7');
    for (let i = 0; i < 5; i++) await attacker({ username: 'owner_one', password: t.encrypt('guess'), ...(await t.solveCaptcha()) });
    const locked = await attacker({ username: 'owner_one', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(locked.body).toEqual({ code: 500, msg: LOCKED });
    const owner = await from('203.0.113.9')({ username: 'owner_one', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(owner.body.code).toBe(200);
    // The owner's success does not lift the attacker's lock.
    const still = await attacker({ username: 'owner_one', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(still.body).toEqual({ code: 500, msg: LOCKED });
  });

  it('counts look-alike spellings of a name as the same account', async () => {
    const attacker = from('198.51.100.8');
    const spellings = ['owner_one', 'OWNER_ONE', 'ｏｗｎｅｒ＿ｏｎｅ', 'оwner_one', 'Öwner_one'];
    const answers = [];
    for (const username of spellings)
      answers.push((await attacker({ username, password: t.encrypt('guess'), ...(await t.solveCaptcha()) })).body.msg);
    expect(answers).toEqual([triesLeft(4), triesLeft(3), triesLeft(2), triesLeft(1), LOCKED]);
  });

  it('locks a client guessing across accounts out of every account at 20 failures', async () => {
    await t.register('wide_target', 'right-pass');
    const sprayer = from('198.51.100.20');
    const answers: string[] = [];
    // Four tries at each of five names: no pair reaches its five.
    for (const username of ['spray_a', 'spray_b', 'spray_c', 'spray_d', 'spray_e'])
      for (let i = 0; i < 4; i++)
        answers.push((await sprayer({ username, password: t.encrypt('guess'), ...(await t.solveCaptcha()) })).body.msg);
    expect(answers.slice(0, 19).every((msg) => msg.startsWith(BAD_CREDENTIALS))).toBe(true);
    expect(answers[19]).toBe(CLIENT_LOCKED);
    const right = await sprayer({ username: 'wide_target', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(right.body).toEqual({ code: 500, msg: CLIENT_LOCKED });
    // Another client signs in; the sprayer again after 10 minutes without a failure.
    expect(
      (await from('198.51.100.21')({ username: 'wide_target', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) })).body.code,
    ).toBe(200);
    t.clock.advance(10 * MINUTE + 1000);
    expect((await sprayer({ username: 'wide_target', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) })).body.code).toBe(
      200,
    );
  });

  it('locks an account guessed at from many clients for every client at 30 failures', async () => {
    await t.register('botnet_target', 'right-pass');
    for (let bot = 0; bot < 10; bot++)
      for (let i = 0; i < 3; i++)
        await from(`192.0.2.${bot}`)({ username: 'botnet_target', password: t.encrypt('guess'), ...(await t.solveCaptcha()) });
    const owner = await from('203.0.113.50')({ username: 'botnet_target', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) });
    expect(owner.body).toEqual({ code: 500, msg: LOCKED });
    t.clock.advance(10 * MINUTE + 1000);
    expect(
      (await from('203.0.113.50')({ username: 'botnet_target', password: t.encrypt('right-pass'), ...(await t.solveCaptcha()) })).body.code,
    ).toBe(200);
  });
});

describe('tokens', () => {
  it('are stored only as SHA-256 digests', async () => {
    const token = await t.login('demo', 'demo123');
    const digest = createHash('sha256').update(token).digest();
    const rows = t.db.prepare('SELECT token_hash FROM member_token').all() as { token_hash: Buffer }[];
    expect(rows.some((r) => r.token_hash.equals(digest))).toBe(true);
    const dump = JSON.stringify(t.db.prepare('SELECT * FROM member_token').all());
    expect(dump).not.toContain(token);
  });

  it('expire after 30 minutes without use', async () => {
    const token = await t.login('demo', 'demo123');
    t.clock.advance(29 * MINUTE);
    expect((await memberInfo(token)).body.code).toBe(200);
    const idle = await t.login('demo', 'demo123');
    t.clock.advance(30 * MINUTE + 1000);
    expect((await memberInfo(idle)).body).toEqual({ code: 401, msg: '认证失败，无法访问系统资源' });
  });

  it('slide while used', async () => {
    const token = await t.login('demo', 'demo123');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(25 * MINUTE);
      expect((await memberInfo(token)).body.code).toBe(200);
    }
  });

  it('RefreshToken extends to a full 30 minutes', async () => {
    const token = await t.login('demo', 'demo123');
    t.clock.advance(5 * MINUTE);
    const res = await request(t.app).get('/cms/system/RefreshToken').set(t.bearer(token));
    expect(res.body).toEqual({ code: 200, msg: '操作成功', expiresIn: 1800 });
    t.clock.advance(29 * MINUTE);
    expect((await memberInfo(token)).body.code).toBe(200);
  });

  it('logout revokes the presented token only', async () => {
    const a = await t.login('demo', 'demo123');
    const b = await t.login('demo', 'demo123');
    const res = await request(t.app).post('/logout').set(t.bearer(a));
    expect(res.body).toEqual({ code: 200, msg: '退出成功' });
    expect((await memberInfo(a)).body.code).toBe(401);
    expect((await memberInfo(b)).body.code).toBe(200);
    expect((await request(t.app).post('/logout')).body.code).toBe(200);
  });

  it('logout ends the QR login code and the feed links with the session', async () => {
    const token = await t.register('qr_leaver', 'first-pass');
    const code = (await request(t.app).get('/cms/member/getRandomPassword/').set(t.bearer(token))).body.data.randomPassword as string;
    const feeds = (await request(t.app).get('/cms/alerts/feeds').set(t.bearer(token))).body.data as { atom: string };
    const feedBody = `/api/ext${feeds.atom}`;
    expect((await request(t.app).get(feedBody)).status).toBe(200);
    expect((await request(t.app).post('/logout').set(t.bearer(token))).body.code).toBe(200);
    expect((await request(t.app).get(feedBody)).status).toBe(404);
    const replay = await login({
      username: 'qr_leaver',
      password: t.encrypt(code),
      loginType: 'randomPassword',
      ...(await t.solveCaptcha()),
    });
    expect(replay.body).toEqual({ code: 500, msg: triesLeft(4) });
    // Signed in again, the member gets new links that work.
    const again = await t.login('qr_leaver', 'first-pass');
    const fresh = (await request(t.app).get('/cms/alerts/feeds').set(t.bearer(again))).body.data as { atom: string };
    expect(fresh.atom).not.toBe(feeds.atom);
    expect((await request(t.app).get(`/api/ext${fresh.atom}`)).status).toBe(200);
  });
});

describe('registration', () => {
  const register = async (body: Record<string, unknown>) =>
    request(t.app)
      .post('/api/member/reg')
      .send({ ...(await t.solveCaptcha()), ...body });

  it('creates a member with the registration gift in points and a score-log row', async () => {
    const res = await register({ username: '新会员01', password: t.encrypt('abc12345'), phonenumber: '13912345678' });
    expect(res.body).toEqual({ code: 200, msg: '注册成功' });
    const token = await t.login('新会员01', 'abc12345');
    const info = await memberInfo(token);
    expect(info.body.user).toMatchObject({ userName: '新会员01', phonenumber: '13912345678', level: '0', score: 100 });
    const log = await request(t.app).get('/cms/member/memberLogScoreList/').set(t.bearer(token));
    expect(log.body.rows).toEqual([expect.objectContaining({ type: '1', change: 100, balance: 100 })]);
  });

  it.each<[{ username?: string; password?: string }, string]>([
    [{ username: 'x' }, '账户长度必须在2到20个字符之间'],
    [{ username: 'x'.repeat(21) }, '账户长度必须在2到20个字符之间'],
    [{ username: 'bad name' }, '账户只能包含字母、数字、下划线和汉字'],
    [{ username: "o'reilly" }, '账户只能包含字母、数字、下划线和汉字'],
    [{ password: 'abcd' }, '密码长度必须在5到20个字符之间'],
    [{ password: 'a'.repeat(21) }, '密码长度必须在5到20个字符之间'],
    [{ password: 'abc<def' }, '密码不能包含非法字符：< > " \' \\ |'],
    [{ password: 'abc|def' }, '密码不能包含非法字符：< > " \' \\ |'],
    [{ username: 'demo' }, "保存用户'demo'失败，注册账号已存在"],
    [{ username: 'Demo' }, "保存用户'Demo'失败，注册账号已存在"],
  ])('refuses %o', async (override, msg) => {
    const res = await register({
      username: 'valid_name',
      ...override,
      password: t.encrypt(override.password ?? 'abc12345'),
    });
    expect(res.body).toEqual({ code: 500, msg });
  });

  it('needs the captcha', async () => {
    const res = await request(t.app)
      .post('/api/member/reg')
      .send({ username: 'no_captcha', password: t.encrypt('abc12345') });
    expect(res.body).toEqual({ code: 500, msg: '验证码已失效' });
  });

  it('honours sys.account.registerUser', async () => {
    t.db.prepare("UPDATE sys_config SET config_value = 'false' WHERE config_key = 'sys.account.registerUser'").run();
    try {
      const res = await register({ username: 'closed_door', password: t.encrypt('abc12345') });
      expect(res.body).toEqual({ code: 500, msg: '当前系统没有开启注册功能！' });
    } finally {
      t.db.prepare("UPDATE sys_config SET config_value = 'true' WHERE config_key = 'sys.account.registerUser'").run();
    }
  });

  it('checkUserNameUnique answers whether a name is free', async () => {
    const taken = await request(t.app).post('/api/member/checkUserNameUnique').send({ username: 'DEMO' });
    expect(taken.body).toEqual({ code: 200, msg: '用户名已存在', data: false });
    const free = await request(t.app).post('/api/member/checkUserNameUnique').send({ username: 'free_name' });
    expect(free.body).toEqual({ code: 200, msg: '用户名可用', data: true });
    const missing = await request(t.app).post('/api/member/checkUserNameUnique').send({});
    expect(missing.body).toEqual({ code: 500, msg: 'username 不能为空' });
  });
});

describe('password reset', () => {
  const reset = (token: string, oldPassword: string, newPassword: string) =>
    request(t.app)
      .put('/cms/member/resetPassword')
      .query({ oldPassword: t.encrypt(oldPassword), newPassword: t.encrypt(newPassword) })
      .set(t.bearer(token));

  it('checks the old password and the rules of the new one', async () => {
    const token = await t.register('resetter', 'first-pass');
    expect((await reset(token, 'not-it', 'second-pass')).body).toEqual({ code: 500, msg: '修改密码失败，旧密码错误，还可尝试4次' });
    expect((await reset(token, 'first-pass', 'abc')).body).toEqual({ code: 500, msg: '密码长度必须在5到20个字符之间' });
    expect((await reset(token, 'first-pass', 'first-pass')).body).toEqual({ code: 500, msg: '新密码不能与旧密码相同' });
    const missing = await request(t.app)
      .put('/cms/member/resetPassword')
      .query({ oldPassword: t.encrypt('first-pass') })
      .set(t.bearer(token));
    expect(missing.body).toEqual({ code: 500, msg: 'newPassword 不能为空' });
  });

  it('changes the password and ends every session of the member', async () => {
    const a = await t.login('resetter', 'first-pass');
    const b = await t.login('resetter', 'first-pass');
    expect((await reset(a, 'first-pass', 'second-pass')).body).toEqual({ code: 200, msg: '修改成功，请重新登录' });
    expect((await memberInfo(a)).body.code).toBe(401);
    expect((await memberInfo(b)).body.code).toBe(401);
    await expect(t.login('resetter', 'first-pass')).rejects.toThrow(BAD_CREDENTIALS);
    expect(await t.login('resetter', 'second-pass')).toBeTruthy();
  });

  it('rotates the random password: neither it nor a session it opened outlives the reset', async () => {
    const token = await t.register('qr_resetter', 'first-pass');
    const read = await request(t.app).get('/cms/member/getRandomPassword/').set(t.bearer(token));
    const viaQr = await login({
      username: 'qr_resetter',
      password: t.encrypt(read.body.data.randomPassword as string),
      loginType: 'randomPassword',
      ...(await t.solveCaptcha()),
    });
    expect(viaQr.body.code).toBe(200);
    // Someone reads the current one (the /3g code, a screenshot) just before the owner resets.
    const current = await request(t.app).get('/cms/member/getRandomPassword/').set(t.bearer(viaQr.body.token));
    const stolen = current.body.data.randomPassword as string;
    expect((await reset(token, 'first-pass', 'second-pass')).body.code).toBe(200);
    expect((await memberInfo(viaQr.body.token)).body.code).toBe(401);
    const replay = await login({
      username: 'qr_resetter',
      password: t.encrypt(stolen),
      loginType: 'randomPassword',
      ...(await t.solveCaptcha()),
    });
    expect(replay.body).toEqual({ code: 500, msg: triesLeft(4) });
  });

  it('ends the feed links with the sessions', async () => {
    const token = await t.register('feed_resetter', 'first-pass');
    const feeds = (await request(t.app).get('/cms/alerts/feeds').set(t.bearer(token))).body.data as { ics: string };
    expect((await request(t.app).get(`/api/ext${feeds.ics}`)).status).toBe(200);
    expect((await reset(token, 'first-pass', 'second-pass')).body.code).toBe(200);
    expect((await request(t.app).get(`/api/ext${feeds.ics}`)).status).toBe(404);
  });

  it('locks a session guessing the old password like a login: 5 tries per client, then 10 minutes', async () => {
    const token = await t.register('reset_guesser', 'first-pass');
    const guess = (client: string, old: string) =>
      request(t.app)
        .put('/cms/member/resetPassword')
        .set('X-Portal-Client', client)
        .query({ oldPassword: t.encrypt(old), newPassword: t.encrypt('second-pass') })
        .set(t.bearer(token));
    for (const left of [4, 3, 2, 1]) {
      expect((await guess('203.0.113.9', 'wrong-pass')).body).toEqual({ code: 500, msg: `修改密码失败，旧密码错误，还可尝试${left}次` });
    }
    expect((await guess('203.0.113.9', 'wrong-pass')).body).toEqual({ code: 500, msg: LOCKED });
    // The right old password from that client is refused too, and so is a login from it.
    expect((await guess('203.0.113.9', 'first-pass')).body).toEqual({ code: 500, msg: LOCKED });
    const loginThere = await request(t.app)
      .post('/api/member/login')
      .set('X-Portal-Client', '203.0.113.9')
      .send({ username: 'reset_guesser', password: t.encrypt('first-pass'), ...(await t.solveCaptcha()) });
    expect(loginThere.body).toEqual({ code: 500, msg: LOCKED });
    t.clock.advance(10 * MINUTE + 1000);
    expect((await memberInfo(await t.login('reset_guesser', 'first-pass'))).body.code).toBe(200);
  });

  it('accepts base64 whose + arrived as a space (an unescaped query string)', async () => {
    const token = await t.login('resetter', 'second-pass');
    let oldPassword = '';
    while (!oldPassword.includes('+')) oldPassword = t.encrypt('second-pass');
    const url = `/cms/member/resetPassword?oldPassword=${oldPassword}&newPassword=${encodeURIComponent(t.encrypt('third-pass'))}`;
    const res = await request(t.app).put(url).set(t.bearer(token));
    expect(res.body.code).toBe(200);
  });
});
