/**
 * Password recovery by mail (ext `passwordRecovery`), read from a real SMTP sink on loopback: the
 * link goes only to a confirmed address, every request answers alike, an account gets few links,
 * and a link sets the password once, within its time, ending every session.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_RECOVERY_DONE, MSG_RECOVERY_REQUESTED, RECOVERIES_PER_ACCOUNT_PER_DAY } from '@shared/member/recovery';
import { startMailSink, type MailSink, type ReceivedMail } from '../../scripts/lib/mail-sink';
import { MINUTE_MS } from '../src/clock';
import { tokenDigest } from '../src/one-time-token';
import { MSG_RECOVERY_LINK_INVALID } from '../src/modules/auth/recovery';
import { createTestBackend, type TestBackend } from './fixture';

const SITE = 'https://www.example.com';
const LINK = /https:\/\/www\.example\.com\/password\/reset\?token=([A-Za-z0-9_-]{43})/g;

let sink: MailSink;
let received: ReceivedMail[];
let t: TestBackend;
let seq = 0;

beforeAll(async () => {
  sink = await startMailSink();
  received = sink.received;
  t = await createTestBackend({ projects: 5, tenders: 5, smtpUrl: sink.url, siteUrl: SITE });
});

afterAll(async () => {
  t?.close();
  await sink.close();
});

beforeEach(() => {
  received.length = 0;
});

/** A new member; with `confirmed`, that address is their confirmed alert address. */
async function member(options: { confirmed?: string; profileEmail?: string } = {}) {
  const name = `rec_${++seq}`;
  const token = await t.register(name, 'old-pass1');
  const { id } = t.db.prepare('SELECT id FROM member WHERE user_name = ?').get(name) as { id: number };
  if (options.profileEmail) t.db.prepare('UPDATE member SET email = ? WHERE id = ?').run(options.profileEmail, id);
  if (options.confirmed) {
    t.db
      .prepare('INSERT INTO alert_setting (member_id, email, email_verified) VALUES (?, ?, ?)')
      .run(id, options.confirmed, options.confirmed.toUpperCase());
  }
  return { name, token, id };
}

async function recover(account: string) {
  return request(t.app)
    .post('/api/ext/password/recover')
    .send({ account, ...(await t.solveCaptcha()) });
}

const reset = (token: string, password: string) =>
  request(t.app)
    .post('/api/ext/password/reset')
    .send({ token, password: t.encrypt(password) });

/** Lets the mail that leaves after the answer arrive (or not). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

function linksIn(mail: ReceivedMail): string[] {
  return [...mail.text.matchAll(LINK)].map((m) => m[1]!).filter((token, i, all) => all.indexOf(token) === i);
}

describe('password recovery', () => {
  it('is a capability only with mail', async () => {
    expect((await request(t.app).get('/api/ext/capabilities')).body.data).toContain('passwordRecovery');
    const without = await createTestBackend({ projects: 1, tenders: 1 });
    try {
      expect((await request(without.app).get('/api/ext/capabilities')).body.data).not.toContain('passwordRecovery');
    } finally {
      without.close();
    }
  });

  it('mails a one-time link to the confirmed address; the link sets the password and ends every session', async () => {
    const m = await member({ confirmed: 'owner@example.com' });
    expect((await recover(m.name)).body).toEqual({ code: 200, msg: MSG_RECOVERY_REQUESTED });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    const mail = received[0]!;
    expect(mail.to).toEqual(['owner@example.com']);
    expect(mail.subject).toBe('山东项目网：重置密码');
    expect(mail.text).toContain(`账号 ${m.name}`);
    const [token] = linksIn(mail);
    // Only the digest is stored.
    const row = t.db.prepare('SELECT token_hash AS hash FROM password_recovery WHERE member_id = ?').get(m.id) as { hash: string };
    expect(row.hash).toBe(tokenDigest(token!));

    // The rules of registration, and a refused password leaves the link usable.
    expect((await reset(token!, 'abc')).body).toEqual({ code: 500, msg: '密码长度必须在5到20个字符之间' });
    expect((await reset(token!, 'new-pass1')).body).toEqual({ code: 200, msg: MSG_RECOVERY_DONE });
    expect((await request(t.app).get('/cms/member/getMemberInfo').set(t.bearer(m.token))).body.code).toBe(401);
    await expect(t.login(m.name, 'old-pass1')).rejects.toThrow();
    expect(await t.login(m.name, 'new-pass1')).toEqual(expect.any(String));
    // Once.
    expect((await reset(token!, 'other-pass1')).body).toEqual({ code: 500, msg: MSG_RECOVERY_LINK_INVALID });
  });

  it('answers alike for unknown names, unknown or unconfirmed addresses, and sends nothing', async () => {
    const unconfirmed = await member({ profileEmail: 'typed@example.com' });
    for (const account of ['nobody_here', 'nobody@example.com', unconfirmed.name, 'typed@example.com']) {
      expect((await recover(account)).body).toEqual({ code: 200, msg: MSG_RECOVERY_REQUESTED });
    }
    await settle();
    expect(received).toEqual([]);
  });

  it('finds the accounts by their confirmed address, case aside, and names each with its own link', async () => {
    const a = await member({ confirmed: 'shared@example.com' });
    const b = await member({ confirmed: 'shared@example.com' });
    expect((await recover('Shared@Example.com')).body.msg).toBe(MSG_RECOVERY_REQUESTED);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    expect(received[0]!.text).toContain(`账号 ${a.name}`);
    expect(received[0]!.text).toContain(`账号 ${b.name}`);
    expect(linksIn(received[0]!)).toHaveLength(2);
  });

  it('sends an account a link at most every 5 minutes and 5 a day; a new link replaces the last', async () => {
    const m = await member({ confirmed: 'often@example.com' });
    await recover(m.name);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    const [first] = linksIn(received[0]!);
    await recover(m.name);
    await settle();
    expect(received).toHaveLength(1);
    for (let n = 2; n <= RECOVERIES_PER_ACCOUNT_PER_DAY + 1; n++) {
      t.clock.advance(6 * MINUTE_MS);
      await recover(m.name);
      await settle();
    }
    expect(received).toHaveLength(RECOVERIES_PER_ACCOUNT_PER_DAY);
    expect((await reset(first!, 'new-pass1')).body.msg).toBe(MSG_RECOVERY_LINK_INVALID);
  });

  it('refuses a link older than 30 minutes, and one a password change made stale', async () => {
    const m = await member({ confirmed: 'late@example.com' });
    await recover(m.name);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    const [token] = linksIn(received[0]!);
    t.clock.advance(31 * MINUTE_MS);
    expect((await reset(token!, 'new-pass1')).body).toEqual({ code: 500, msg: MSG_RECOVERY_LINK_INVALID });

    received.length = 0;
    await recover(m.name);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 5_000 });
    const [fresh] = linksIn(received[0]!);
    const changed = await request(t.app)
      .put('/cms/member/resetPassword')
      .query({ oldPassword: t.encrypt('old-pass1'), newPassword: t.encrypt('changed1') })
      .set(t.bearer(await t.login(m.name, 'old-pass1')));
    expect(changed.body.code).toBe(200);
    expect((await reset(fresh!, 'new-pass1')).body.msg).toBe(MSG_RECOVERY_LINK_INVALID);
  });

  it('asks for the captcha like a login', async () => {
    const m = await member({ confirmed: 'bot@example.com' });
    const answer = await request(t.app).post('/api/ext/password/recover').send({ account: m.name });
    expect(answer.body.code).toBe(500);
    expect(answer.body.msg).toMatch(/验证码/);
    await settle();
    expect(received).toEqual([]);
  });

  it('refuses a malformed token before any look-up', async () => {
    expect((await request(t.app).post('/api/ext/password/reset').send({ token: 'short', password: 'x' })).body).toEqual({
      code: 500,
      msg: '链接不完整，请从邮件中完整复制链接后再打开',
    });
  });
});
