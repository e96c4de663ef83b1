/**
 * Look-alike user names. `ｄｅｍｏ` (fullwidth), `dеmo` (Cyrillic е), `Démo` (accent) and
 * their kin are the same name as `demo` to a reader: registration refuses them, checkUserNameUnique
 * says they are taken, and the database refuses a second one even when the check is skipped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/connection';
import { MIGRATIONS } from '../src/db/migrations';
import { migrateDatabase } from '../src/migrate-database';
import { userNameKey } from '../src/modules/auth/user-name-key';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;

beforeAll(async () => {
  t = await createTestBackend({ projects: 10, tenders: 10 });
});

afterAll(() => t.close());

const register = async (username: string) =>
  request(t.app)
    .post('/api/member/reg')
    .send({ username, password: t.encrypt('abc12345'), ...(await t.solveCaptcha()) });
const checkName = (username: string) => request(t.app).post('/api/member/checkUserNameUnique').send({ username });

const LOOK_ALIKES_OF_DEMO = [
  ['fullwidth', 'ｄｅｍｏ'],
  ['Cyrillic е', 'd\u0435mo'],
  ['Cyrillic о and а-free mix', 'dem\u043e'],
  ['Greek ο', 'dem\u03bf'],
  ['an accent', 'Démo'],
  ['a combining accent', 'De\u0301mo'],
  ['upper case and an accent', 'DÉMO'],
  ['fullwidth capitals', 'ＤＥＭＯ'],
];

describe('look-alikes of an existing name', () => {
  it.each(LOOK_ALIKES_OF_DEMO)('refuses %s (%s) at registration', async (_case, name) => {
    const res = await register(name);
    expect(res.body.code).toBe(500);
    expect(res.body.msg).toMatch(/^保存用户'.+'失败，注册账号已存在$/);
  });

  it.each(LOOK_ALIKES_OF_DEMO)('checkUserNameUnique says %s (%s) is taken', async (_case, name) => {
    expect((await checkName(name)).body).toEqual({ code: 200, msg: '用户名已存在', data: false });
  });

  it('refuses a look-alike of a name registered with Cyrillic letters, and the Latin one', async () => {
    expect((await register('\u0441\u0430t_\u0440ilot')).body.code).toBe(200); // "сat_рilot" with Cyrillic с, а, р
    expect((await register('cat_pilot')).body.msg).toBe("保存用户'cat_pilot'失败，注册账号已存在");
    expect((await checkName('CAT_PILOT')).body.data).toBe(false);
  });

  it('keeps different names apart: Chinese names, digits, other letters', async () => {
    for (const name of ['演示用户', '演示用户2', 'demo0', 'demos', 'dmeo']) {
      expect((await checkName(name)).body.data, name).toBe(true);
      expect((await register(name)).body, name).toEqual({ code: 200, msg: '注册成功' });
    }
  });

  it('stores a fullwidth name folded, and signs it in however it is typed', async () => {
    expect((await register('ｗｉｄｅ＿ｏｎｅ')).body.code).toBe(200);
    const row = t.db.prepare("SELECT user_name AS name FROM member WHERE user_name_key = 'wide_one'").get();
    expect(row).toEqual({ name: 'wide_one' });
    expect(await t.login('ｗｉｄｅ＿ｏｎｅ', 'abc12345')).toBeTruthy();
    expect(await t.login('wide_one', 'abc12345')).toBeTruthy();
  });

  it('the database refuses a second member with the same key, whatever the code checked', () => {
    const insert = t.db.prepare(
      `INSERT INTO member (user_name, user_name_key, password_hash, nick_name, random_password, random_password_time, create_time)
       VALUES (?, ?, 'x', 'x', 'x', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    );
    expect(() => insert.run('Démo', userNameKey('Démo'))).toThrow(/UNIQUE/);
  });

  it('the demo members still sign in', async () => {
    expect(await t.login('demo', 'demo123')).toBeTruthy();
    expect(await t.login('VIP', 'vip123')).toBeTruthy();
  });
});

describe('the migration to name keys', () => {
  it('keys existing members and keeps look-alikes that already exist apart', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'user-name-key-'));
    try {
      const db = openDatabase(dir, { synchronous: 'NORMAL' });
      db.pragma('foreign_keys = OFF'); // members without the tiers the seed would add
      db.exec(MIGRATIONS[0] as string);
      db.pragma('user_version = 1');
      const insert = db.prepare(
        `INSERT INTO member (user_name, password_hash, nick_name, random_password, random_password_time, create_time)
         VALUES (?, 'x', 'x', 'x', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
      );
      for (const name of ['demo', 'Démo', '老会员']) insert.run(name);
      migrateDatabase(db);
      const rows = db.prepare('SELECT id, user_name AS name, user_name_key AS nameKey FROM member ORDER BY id').all();
      expect(rows).toEqual([
        { id: 1, name: 'demo', nameKey: 'demo' },
        { id: 2, name: 'Démo', nameKey: 'demo#2' },
        { id: 3, name: '老会员', nameKey: '老会员' },
      ]);
      db.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
