/**
 * Three processes, as in production beside the Java CMS: a CMS played by the embedded backend with
 * BACKEND_EXTENSIONS=off in its own DATA_DIR, a companion (the embedded backend with CMS_URL) in
 * another, and the portal with BACKEND_URL = the CMS and EXT_BACKEND_URL = the companion. The member
 * logs in once, at the CMS through the portal's login page; a notice published into the CMS (its own
 * import) reaches the member's inbox and Atom feed through the companion, linking to the portal's
 * page of the CMS's notice. Ports: E2E_PORT_BASE + 40 (portal), + 42 (CMS), + 43 (companion).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NoticeImportRecord } from '../shared/src/content/notices';
import { PLATFORM_HEADER, PLATFORM_VALUE } from '../shared/src/constants';
import { PORTS } from '../playwright.config';
import { registerAndLogin, startBackend, type BackendProcess } from '../scripts/lib/backend-process';
import { startProductionPortal, type ProductionPortal } from '../scripts/lib/production-portal';
import { expect, expectCleanConsole, screenshot, shanghai, test, waitForHydration } from './fixtures';

const run = promisify(execFile);
const BASE = PORTS.default + 40;
const dirs: string[] = [];
let cms: BackendProcess;
let companion: BackendProcess;
let portal: ProductionPortal;
let cmsDir: string;

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-companion-'));
  dirs.push(dir);
  return dir;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  cmsDir = tempDir();
  cms = await startBackend(cmsDir, { BACKEND_EXTENSIONS: 'off', BACKEND_PORT: String(BASE + 2) });
  companion = await startBackend(tempDir(), {
    BACKEND_PORT: String(BASE + 3),
    CMS_URL: cms.base,
    CMS_FOLLOW_INTERVAL: '1',
    CMS_FOLLOW_PAUSE_MS: '0',
    CMS_FOLLOW_RECONCILE_DAYS: '1',
  });
  portal = await startProductionPortal({
    port: BASE,
    backendPort: BASE + 1,
    env: { BACKEND_URL: cms.base, EXT_BACKEND_URL: companion.base, CAPTCHA_ENABLED: 'false' },
  });
});

test.afterAll(async () => {
  await portal?.stop();
  for (const backend of [companion, cms]) {
    backend?.child.kill('SIGTERM');
    await backend?.exited;
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The CMS's own import: the command line on its DATA_DIR, while it runs. */
async function publishAtCms(record: NoticeImportRecord): Promise<void> {
  const file = path.join(cmsDir, `${record.sourceId}.jsonl`);
  fs.writeFileSync(file, JSON.stringify(record));
  await run(process.execPath, ['--import', 'tsx', 'backend/src/cli/import.ts', file, '--data-dir', cmsDir]);
}

test('a notice published in the CMS reaches the member’s inbox and Atom feed through the companion', async ({ page, consoleProblems }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const username = `companion${stamp}`.slice(0, 20);
  await registerAndLogin(cms.base, username);

  // Logged in once, at the CMS, through the portal.
  await page.goto(`${portal.url}/user_login?redirect=${encodeURIComponent('/user/alerts')}`);
  await waitForHydration(page);
  await page.getByLabel('用户名', { exact: true }).fill(username);
  await page.getByLabel('密码', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: /^登\s*录$/ }).click();
  await expect(page).toHaveURL(`${portal.url}/user/alerts`);
  await waitForHydration(page);

  // A subscription at the companion, through the portal's proxy with the member's cookie.
  const subscribed = await page.request.post(`${portal.url}/prod-api/cms/alerts/subscriptions`, {
    headers: { [PLATFORM_HEADER]: PLATFORM_VALUE },
    data: { name: '管廊', keywords: `伴随${stamp}` },
  });
  expect((await subscribed.json()).code).toBe(200);

  const notice: NoticeImportRecord = {
    kind: 'zb',
    sourceId: `e2e-companion-${stamp}`,
    title: `伴随${stamp}综合管廊工程施工招标公告`,
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 1200,
    publishTime: shanghai(0),
    signupDeadline: shanghai(10),
    openTime: shanghai(12),
    tenderer: '济南市历下区城市管理局',
    content: '<p>综合管廊工程。</p>',
  };
  await publishAtCms(notice);

  await expect(async () => {
    await page.goto(`${portal.url}/user/alerts`);
    await expect(page.locator('.alert-item', { hasText: notice.title })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await waitForHydration(page);
  await screenshot(page, 'companion-inbox');
  await page.getByRole('link', { name: notice.title }).click();
  await expect(page).toHaveURL(/\/zb\/\d+$/);
  const detailPath = new URL(page.url()).pathname;
  // The CMS's page of the notice: the companion keeps the CMS's ids.
  await expect(page.getByRole('heading', { name: notice.title })).toBeVisible();

  await page.goto(`${portal.url}/user/alerts?tab=delivery`);
  await waitForHydration(page);
  const atomUrl = await page.getByLabel('RSS / Atom 订阅').inputValue();
  expect(atomUrl).toMatch(/\/feeds\/[A-Za-z0-9_-]{32,}\.atom$/);
  const atom = await page.request.get(new URL(atomUrl, portal.url).href);
  expect(atom.status()).toBe(200);
  const atomText = await atom.text();
  expect(atomText).toContain(notice.title);
  expect(atomText).toContain(`${portal.url}${detailPath}`);
  await expectCleanConsole(consoleProblems);
});

test('a change at the CMS shows as 变更内容 on the portal’s detail pages, from the companion', async ({ page, consoleProblems }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const notice: NoticeImportRecord = {
    kind: 'zb',
    sourceId: `e2e-companion-change-${stamp}`,
    title: `伴随${stamp}泉城路排水管网改造工程施工招标公告`,
    noticeType: '招标公告',
    areaCode: '370102',
    industry: '市政',
    amount: 860,
    publishTime: shanghai(0),
    signupDeadline: shanghai(10),
    openTime: shanghai(12),
    tenderer: '济南市历下区城市管理局',
    content: '<p>排水管网改造工程。</p>',
  };
  await publishAtCms(notice);
  const found = await page.request.get(`${cms.base}/api/zb/search?keyword=${encodeURIComponent(`伴随${stamp}`)}`);
  const id = ((await found.json()).rows as { id: number }[])[0]!.id;
  const timeline = async () => (await page.request.get(`${companion.base}/api/ext/notices/zb/${id}/timeline`)).json();
  await expect.poll(async () => (await timeline()).code, { timeout: 30_000 }).toBe(200);

  await publishAtCms({ ...notice, amount: 1_180, openTime: shanghai(15) });
  await expect.poll(async () => ((await timeline()).data?.changes ?? []).length, { timeout: 30_000 }).toBe(2);

  // The CMS's own detail carries no lifecycle: what shows is the companion's, server-rendered.
  await page.goto(`${portal.url}/zb/${id}`);
  const changes = page.getByRole('region', { name: '变更内容' });
  await expect(changes).toBeVisible();
  await expect(changes.getByRole('row', { name: /金额/ })).toContainText('860万元');
  await expect(changes.getByRole('row', { name: /金额/ })).toContainText('1,180万元');
  await expect(changes.getByRole('row', { name: /开标时间/ })).toBeVisible();
  await expect(page.getByRole('region', { name: '招标进程' })).toContainText(notice.title);
  await waitForHydration(page);
  await expect(changes).toBeVisible();
  await screenshot(page, 'companion-detail-changes');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${portal.url}/m/pages/zb/detail?id=${id}`);
  await waitForHydration(page);
  const mobileChanges = page.getByRole('region', { name: '变更内容' });
  await expect(mobileChanges).toContainText('1,180万元');
  await screenshot(page, 'companion-detail-changes-phone');
  await expectCleanConsole(consoleProblems);
});
