/**
 * `npm start` is what docker, systemd and npm itself signal. A SIGTERM to the npm
 * process must reach the server, which drains and exits 0, and npm must exit with the server's
 * code; under spawnSync the start script died alone and the server ran on, orphaned.
 */
import { connect } from 'node:net';
import { descendantsOf, startProductionPortal } from '../scripts/lib/production-portal';
import { expect, test } from './fixtures';

/** Ports of this file: the E2E range's +50 and +51, away from the two shared portals. */
const PORT = Number(process.env.E2E_PORT_BASE ?? 4173) + 50;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('SIGTERM to `npm start` drains the server, stops it and its backend, and npm exits 0', async () => {
  test.setTimeout(120_000);
  const portal = await startProductionPortal({
    launcher: 'npm-start',
    port: PORT,
    env: { BACKEND_PORT: String(PORT + 1), SEED_PROJECTS: '50', SEED_TENDERS: '50' },
  });
  const started = descendantsOf(portal.child.pid ?? 0);
  try {
    const server = started.find((p) => p.command.includes('dist/node/server.js'));
    const backend = started.find((p) => p.command.includes('dist/node/backend.js'));
    expect(server, started.map((p) => p.command).join('\n')).toBeDefined();
    expect(backend).toBeDefined();

    // The npm process alone, as `docker stop` or `systemctl stop` (KillMode=mixed) signal it.
    const exitCode = await portal.stop('SIGTERM');

    expect(exitCode).toBe(0);
    expect(portal.output()).toContain('SIGTERM: finishing in-flight requests');
    expect(portal.output()).toContain('stopped');
    expect(alive(server!.pid)).toBe(false);
    expect(alive(backend!.pid)).toBe(false);
    expect(await accepts(PORT)).toBe(false);
    expect(await accepts(PORT + 1)).toBe(false);
  } finally {
    // Whatever the outcome, nothing this test started outlives it (an orphaned server is the bug).
    for (const p of started) if (alive(p.pid)) process.kill(p.pid, 'SIGKILL');
  }
});
