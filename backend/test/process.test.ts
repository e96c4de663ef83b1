/**
 * The real backend process (`tsx backend/src/index.ts`): start-up on a fresh DATA_DIR with the IPC
 * `ready` message, refusal of a bad variable, graceful SIGTERM that lets in-flight requests finish,
 * and the crash test — kill -9 during a burst of acknowledged writes, restart, nothing lost.
 */
import type { ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { json, login, registerAndLogin, startBackend } from '../../scripts/lib/backend-process';

const children = new Set<ChildProcess>();
const dirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-process-test-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, env: Record<string, string> = {}) {
  const backend = await startBackend(dataDir, env);
  children.add(backend.child);
  return backend;
}

afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
});

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backend process', () => {
  it('creates, migrates and seeds a fresh DATA_DIR, reports ready over IPC, and serves', async () => {
    const dataDir = tempDir();
    const backend = await start(dataDir);
    expect(backend.output()).toMatch(new RegExp(`backend listening on http://127\\.0\\.0\\.1:\\d+ \\(data: ${dataDir}\\)`));
    const res = await json(`${backend.base}/api/zb/search?keyword=${encodeURIComponent('道路')}`);
    expect(res.code).toBe(200);
    expect(fs.statSync(path.join(dataDir, 'rsa-private.pem')).mode & 0o777).toBe(0o600);
    backend.child.kill('SIGTERM');
    expect(await backend.exited).toBe(0);
  });

  it('refuses to start with a bad variable, naming it', async () => {
    await expect(start(tempDir(), { BACKEND_PORT: 'eighty' })).rejects.toThrow(
      /exited with 1[\s\S]*Invalid environment variable BACKEND_PORT: must be an integer from 0 to 65535, got "eighty"/,
    );
  });

  it('on SIGTERM lets in-flight requests finish, then exits 0', async () => {
    const backend = await start(tempDir());
    const key = await json(`${backend.base}/api/system/config/configKey/sys.login.publicKey`);
    const password = publicEncrypt({ key: String(key.msg), padding: constants.RSA_PKCS1_PADDING }, Buffer.from('demo123')).toString(
      'base64',
    );
    // A login spends ~100 ms in RSA and bcrypt: still running when the signal arrives.
    const inFlight = json(`${backend.base}/api/member/login`, {
      method: 'POST',
      body: JSON.stringify({ username: 'demo', password }),
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    backend.child.kill('SIGTERM');
    expect((await inFlight).code).toBe(200);
    expect(await backend.exited).toBe(0);
  });

  it('keeps every acknowledged write through kill -9 mid-burst', async () => {
    const dataDir = tempDir();
    const first = await start(dataDir);
    // One member per lane: a member's own writes are rate-limited (member/quota.ts), a crowd's are not.
    const tokens = await Promise.all(Array.from({ length: 8 }, (_, lane) => registerAndLogin(first.base, `burst${lane}`)));
    const acknowledged: string[] = [];
    let killed = false;

    const writer = async (lane: number) => {
      for (let i = 0; !killed; i++) {
        const companyName = `崩溃测试公司-${lane}-${i}`;
        try {
          const res = await json(`${first.base}/cms/baifang/addBaifangClient`, {
            method: 'PUT',
            headers: { Authorization: `Bearer ${tokens[lane]}` },
            body: JSON.stringify({ companyName, remark: '写入后立即确认' }),
          });
          if (res.code === 200) acknowledged.push(companyName);
        } catch {
          return; // the connection died with the process: not acknowledged
        }
        if (acknowledged.length >= 150 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, lane) => writer(lane)));
    expect(await first.exited).toBeNull();
    expect(acknowledged.length).toBeGreaterThanOrEqual(150);

    const db = new Database(path.join(dataDir, 'cms.db'));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = new Set(
      (
        db.prepare("SELECT company_name AS name FROM visit_client WHERE company_name LIKE '崩溃测试公司-%'").all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    );
    db.close();
    for (const name of acknowledged) expect(stored.has(name)).toBe(true);

    const second = await start(dataDir);
    let listed = 0;
    for (let lane = 0; lane < 8; lane++) {
      const again = await login(second.base, `burst${lane}`, 'secret123');
      const list = await json(`${second.base}/cms/baifang/getBaifangClientList?keyword=${encodeURIComponent('崩溃测试公司')}&pageSize=1`, {
        headers: { Authorization: `Bearer ${again}` },
      });
      listed += Number(list.total);
    }
    expect(listed).toBe(stored.size);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
