/**
 * The production build as a real process (`node dist/node/server.js`, NODE_ENV=production) on free
 * loopback ports and a fresh temporary DATA_DIR, for the load and fuzz runs and the process-level
 * fault tests. The server starts the embedded backend itself, as in production.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface ProductionPortal {
  url: string;
  backendURL: string;
  port: number;
  backendPort: number;
  dataDir: string;
  /** The server process (the cluster's primary with WEB_CONCURRENCY > 1). */
  child: ChildProcess;
  /** Everything the portal and its backend printed. */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Processes the server started: the embedded backend and any cluster workers. */
  children(): { pid: number; command: string }[];
  backendPid(): number | undefined;
  /** Signal the server (or with `group`, its whole process group, as Ctrl-C or a supervisor would) and wait for it to exit. */
  stop(signal?: NodeJS.Signals, opts?: { group?: boolean }): Promise<number | null>;
}

export interface ProductionPortalOptions {
  /** Extra settings (CAPTCHA_ENABLED, TRUST_PROXY, WEB_CONCURRENCY, …). */
  env?: Record<string, string>;
  /** The repo root holding dist/ (default: the working directory). */
  root?: string;
  /** The portal's port, when the caller needs it before start (e.g. for SITE_URL); default: a free one. */
  port?: number;
  /** The embedded backend's port; default: a free one. */
  backendPort?: number;
  /** A DATA_DIR to reuse; default: a fresh one, removed on stop. */
  dataDir?: string;
  readyTimeoutMs?: number;
  /** Echo the portal's output as it comes. */
  echo?: boolean;
  /**
   * `npm-start`: run `npm start` (scripts/start.mjs) instead of the server itself, so `child` is the
   * npm process a supervisor would signal; the server is then its descendant.
   */
  launcher?: 'node' | 'npm-start';
}

/** A loopback port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

function childrenOf(pid: number): { pid: number; command: string }[] {
  const ps = spawnSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' });
  return ps.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), command: m[2] ?? '' }));
}

/** Every process below `pid`: children, their children, and so on. */
export function descendantsOf(pid: number): { pid: number; command: string }[] {
  return childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child.pid)]);
}

async function waitUntilHealthy(url: string, exited: Promise<number | null>, timeoutMs: number, output: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`the portal exited during start-up:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the portal did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

export async function startProductionPortal(opts: ProductionPortalOptions = {}): Promise<ProductionPortal> {
  const root = resolve(opts.root ?? process.cwd());
  const entry = join(root, 'dist/node/server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const ownDataDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-run-'));
  const [port, backendPort] = [opts.port ?? (await freePort()), opts.backendPort ?? (await freePort())];
  const [command, args] = opts.launcher === 'npm-start' ? ['npm', ['start']] : [process.execPath, [entry]];
  const child = spawn(command, args, {
    cwd: root,
    // Its own process group, so a test can signal the group the way a supervisor does.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      BACKEND_PORT: String(backendPort),
      // npm's own notices (update checks) would only add noise and a network call.
      npm_config_update_notifier: 'false',
      DATA_DIR: dataDir,
      // One process unless the caller asks for more: the runs' per-process figures and limits assume it.
      WEB_CONCURRENCY: '1',
      ...opts.env,
    },
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (opts.echo) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  void exited.then(() => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const url = `http://127.0.0.1:${port}`;
  const pid = child.pid ?? 0;
  const portal: ProductionPortal = {
    url,
    backendURL: `http://127.0.0.1:${backendPort}`,
    port,
    backendPort,
    dataDir,
    child,
    output: () => output,
    exited,
    children: () => childrenOf(pid),
    backendPid: () => childrenOf(pid).find((c) => c.command.includes('backend.js'))?.pid,
    async stop(signal = 'SIGTERM', stopOpts = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(stopOpts.group ? -pid : pid, signal);
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
  try {
    await waitUntilHealthy(url, exited, opts.readyTimeoutMs ?? 90_000, () => output);
  } catch (error) {
    await portal.stop('SIGKILL');
    throw error;
  }
  return portal;
}
