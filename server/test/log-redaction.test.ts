/**
 * Credentials in addresses never reach a log line: the QR login's code on the mobile login page,
 * resetPassword's old and new passwords (spec §7 puts them in the query) and a feed's token, in
 * the access log and in the lines written when the backend cannot be reached.
 */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COOKIE } from '@shared/constants';
import { createApp } from '../src/app';
import { API, OUR_PAGE, closedPort, startPortal, type Portal } from './portal-fixture';

const SECRETS = ['QrCodeSecret_0123', 'OldSecretValue', 'NewSecretValue', 'FeedTokenSecret0123456789abcdefXYZ'];
const urls = {
  qrLogin: `/m/pages/login/index?loginType=randomPassword&username=demo&password=${SECRETS[0]}`,
  reset: `${API}/cms/member/resetPassword?oldPassword=${SECRETS[1]}&newPassword=${SECRETS[2]}`,
  feed: `/feeds/${SECRETS[3]}.atom`,
};

function appWithLogs(backendURL: string) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = createApp({
    config: { PRODUCT: 'prod-api', MOBILE_SITE_URL: '/m', TRUST_PROXY: false },
    backendURL,
    renderer: { render: () => Promise.reject(new Error('not rendered')), assets: { css: [], bootstrapModule: '/x.js' } },
    publicDir: 'client/public',
    log: (message, error) => lines.push(`${message} ${error instanceof Error ? error.message : String(error)}`),
    logger: pino(sink),
  });
  return { app, lines };
}

async function visitAll(app: ReturnType<typeof createApp>): Promise<void> {
  await request(app).get(urls.qrLogin);
  await request(app).put(urls.reset).set(OUR_PAGE).set('Cookie', `${TOKEN_COOKIE}=some-token`);
  await request(app).get(urls.feed);
  await request(app).post(`${API}/api/member/login?password=${SECRETS[0]}`).set(OUR_PAGE).send({ username: 'demo' });
}

describe('credentials in addresses', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('are blanked in the access log', async () => {
    const { app, lines } = appWithLogs(portal.backendURL);
    await visitAll(app);
    const log = lines.join('\n');
    expect(log).toContain('/cms/member/resetPassword?oldPassword=[REDACTED]&newPassword=[REDACTED]');
    expect(log).toContain('loginType=randomPassword&username=demo&password=[REDACTED]');
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });

  it('are blanked where an unreachable backend is logged', async () => {
    const { app, lines } = appWithLogs(`http://127.0.0.1:${await closedPort()}`);
    await visitAll(app);
    const log = lines.join('\n');
    expect(log).toMatch(/proxy PUT .*resetPassword.* failed/);
    for (const secret of SECRETS) expect(log).not.toContain(secret);
  });
});
