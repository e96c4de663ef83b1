/**
 * A portal for server tests: the real backend in-process on a fresh small database (backend test
 * fixture), the real client code rendered through Vite's dev server, and the real Express app.
 */
import type { Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createTestBackend, type TestBackend, type TestBackendOptions } from '../../backend/test/fixture';
import { createApp, type AppOptions } from '../src/app';
import { createDevRenderer } from '../src/render/renderer';

export interface TestPortal {
  app: ReturnType<typeof createApp>;
  backend: TestBackend;
  backendURL: string;
  /** The backend's listener (a test may stop it to play an outage). */
  backendServer: Server;
  /** The backend's side of every connection it accepted (a test may reset them, as a killed process does). */
  backendSockets: Set<Socket>;
  /** How many pages have been rendered so far. */
  renders(): number;
  /** A `Cookie` header value carrying a fresh member token for `username`. */
  memberCookie(username?: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function createTestPortal(
  options: TestBackendOptions & { config?: Partial<AppOptions['config']>; renderCache?: AppOptions['renderCache'] } = {},
): Promise<TestPortal> {
  const backend = await createTestBackend({ projects: 60, tenders: 90, ...options });
  const server: Server = await new Promise((resolve) => {
    const s = backend.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const backendSockets = new Set<Socket>();
  server.on('connection', (socket) => {
    backendSockets.add(socket);
    socket.once('close', () => backendSockets.delete(socket));
  });
  const backendURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dev = await createDevRenderer(process.cwd());
  let renders = 0;
  const app = createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: undefined, TRUST_PROXY: false, ...options.config },
    backendURL,
    renderer: {
      ...dev.renderer,
      render: (opts) => {
        renders++;
        return dev.renderer.render(opts);
      },
    },
    publicDir: 'client/public',
    renderCache: options.renderCache,
    log: () => {},
  });
  return {
    app,
    backend,
    backendURL,
    backendServer: server,
    backendSockets,
    renders: () => renders,
    async memberCookie(username = 'demo', password = 'demo123') {
      return `member-token-nuxt=${await backend.login(username, password)}`;
    },
    async close() {
      await dev.vite.close();
      await new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      backend.close();
    },
  };
}
