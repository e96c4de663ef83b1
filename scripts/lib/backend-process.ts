/**
 * The embedded backend as a real process (`tsx backend/src/index.ts`, forked with an IPC channel):
 * started on its own DATA_DIR with a free port, ready when it says so over IPC, and the RuoYi calls a
 * test or a bench makes of it (JSON, RSA-encrypted login and registration with the captcha off).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const ENTRY = fileURLToPath(new URL('../../backend/src/index.ts', import.meta.url));

export interface BackendProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Small demo data, no captcha, no top-up, a fixed admin token; `env` adds or overrides. */
export function startBackend(dataDir: string, env: Record<string, string> = {}): Promise<BackendProcess> {
  const child = fork(ENTRY, [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      BACKEND_PORT: '0',
      BACKEND_HOST: '127.0.0.1',
      CAPTCHA_ENABLED: 'false',
      SEED_PROJECTS: '40',
      SEED_TENDERS: '60',
      DEMO_TOP_UP: 'false',
      ADMIN_TOKEN: 'process-test-admin-token',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    child.on('message', (message: { type?: string; port?: number }) => {
      if (message.type === 'ready') resolve({ child, base: `http://127.0.0.1:${message.port}`, output: () => output, exited });
    });
    void exited.then((code) => reject(new Error(`backend exited with ${code} before ready:\n${output}`)));
  });
}

export interface Answer {
  code: number;
  [key: string]: unknown;
}

export async function json(url: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
  return (await res.json()) as Answer;
}

async function encrypted(base: string, plain: string): Promise<string> {
  const key = await json(`${base}/api/system/config/configKey/sys.login.publicKey`);
  return publicEncrypt({ key: String(key.msg), padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plain)).toString('base64');
}

export async function login(base: string, username = 'demo', plain = 'demo123'): Promise<string> {
  const res = await json(`${base}/api/member/login`, {
    method: 'POST',
    body: JSON.stringify({ username, password: await encrypted(base, plain) }),
  });
  return String(res.token);
}

/** Register a member (the captcha is off) and log in; the token. */
export async function registerAndLogin(base: string, username: string, plain = 'secret123'): Promise<string> {
  const res = await json(`${base}/api/member/reg`, {
    method: 'POST',
    body: JSON.stringify({ username, password: await encrypted(base, plain) }),
  });
  if (res.code !== 200) throw new Error(`register ${username}: ${String(res.msg)}`);
  return login(base, username, plain);
}
