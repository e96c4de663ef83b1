/**
 * Three processes' worth of the companion, with real processes (two here; the portal's e2e adds the
 * third): a CMS played by the embedded backend with BACKEND_EXTENSIONS=off in its own DATA_DIR, and a
 * companion with CMS_URL pointing at it in another, mailing through an SMTP sink on loopback. The
 * member registers and logs in once, at the CMS. Notices are published into the CMS by its own
 * import (`npm run import` on its DATA_DIR).
 */
import { execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { NoticeImportRecord } from '@shared/content/notices';
import { json, registerAndLogin, startBackend, type BackendProcess } from '../../scripts/lib/backend-process';
import { startMailSink, type MailSink } from '../../scripts/lib/mail-sink';
import { freshTender } from '../scripts/lib/fresh-tender';

const IMPORT_CLI = fileURLToPath(new URL('../src/cli/import.ts', import.meta.url));
const run = promisify(execFile);
const children = new Set<ChildProcess>();
const dirs: string[] = [];
let sink: MailSink | undefined;

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-companion-test-'));
  dirs.push(dir);
  return dir;
}

async function start(dataDir: string, env: Record<string, string>): Promise<BackendProcess> {
  const backend = await startBackend(dataDir, env);
  children.add(backend.child);
  return backend;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await sink?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

let source = 0;
const tender = (title: string) => freshTender(`companion-process-${++source}`, title);

/** The CMS's own import, the command line on its DATA_DIR, while it runs. */
async function publishAtCms(dataDir: string, records: NoticeImportRecord[]): Promise<void> {
  const file = path.join(dataDir, `import-${++source}.jsonl`);
  fs.writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
  await run(process.execPath, ['--import', 'tsx', IMPORT_CLI, file, '--data-dir', dataDir]);
}

const WAIT = { timeout: 30_000, interval: 250 };

describe('the companion process beside a CMS process', () => {
  it('brings the CMS’s notices to a member’s inbox, feed and mail; changes as diffs; withdrawals out; catches up after kill -9', async () => {
    sink = await startMailSink();
    const cmsDir = tempDir();
    const companionDir = tempDir();
    const cms = await start(cmsDir, { BACKEND_EXTENSIONS: 'off' });
    const companionEnv = {
      CMS_URL: cms.base,
      SMTP_URL: sink.url,
      SITE_URL: 'https://www.example.com',
      CMS_FOLLOW_INTERVAL: '1',
      CMS_FOLLOW_RECONCILE: '2',
      CMS_FOLLOW_PAUSE_MS: '0',
      CMS_FOLLOW_RECONCILE_DAYS: '1',
    };
    let companion = await start(companionDir, companionEnv);
    expect(companion.output()).toContain('creating the companion database');

    // Logged in once, at the CMS.
    const token = await registerAndLogin(cms.base, 'companion_proc');
    const bearer = { Authorization: `Bearer ${token}` };
    const at =
      (base: string) =>
      (p: string, init: RequestInit = {}) =>
        json(`${base}${p}`, { ...init, headers: bearer });
    const atCms = at(cms.base);
    let atCompanion = at(companion.base);

    // A notice the member favourites at the CMS, before their first call to the companion.
    const followed = tender('伴随进程收藏的管廊工程招标公告');
    await publishAtCms(cmsDir, [followed]);
    const found = await atCms(`/api/zb/search?keyword=${encodeURIComponent('伴随进程收藏')}`);
    const followedId = (found.rows as { id: number }[])[0]!.id;
    expect(
      (await atCms('/cms/favorite/changeStatus', { method: 'PUT', body: JSON.stringify({ id: followedId, type: 'zb', isCancel: 0 }) }))
        .code,
    ).toBe(200);

    // At the companion: a subscription and immediate mail to a confirmed address.
    const subscribed = await atCompanion('/cms/alerts/subscriptions', {
      method: 'POST',
      body: JSON.stringify({ name: '管廊', keywords: '伴随进程' }),
    });
    expect(subscribed.code).toBe(200);
    await atCompanion('/cms/alerts/settings', {
      method: 'PUT',
      body: JSON.stringify({ emailFrequency: 'immediate', email: 'member@example.com' }),
    });
    await vi.waitFor(() => expect(sink!.received.some((m) => m.to.includes('member@example.com'))).toBe(true), WAIT);
    const confirmToken = /https:\/\/www\.example\.com\/mail\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(sink.received.at(-1)!.text)![1]!;
    expect(
      (await json(`${companion.base}/api/ext/mail/confirm`, { method: 'POST', body: JSON.stringify({ token: confirmToken }) })).code,
    ).toBe(200);

    // Published at the CMS → the inbox, the mail, the Atom feed.
    const fresh = tender('伴随进程新发布的综合管廊工程招标公告');
    await publishAtCms(cmsDir, [fresh]);
    const inbox = async () =>
      ((await atCompanion('/cms/alerts/list?pageSize=50')).rows ?? []) as {
        kind: string;
        title: string;
        contentId: number;
        detail?: string;
      }[];
    await vi.waitFor(async () => expect((await inbox()).map((a) => a.title)).toContain(fresh.title), WAIT);
    const freshId = (await inbox()).find((a) => a.title === fresh.title)!.contentId;
    await vi.waitFor(() => expect(sink!.received.some((m) => m.text.includes(fresh.title))).toBe(true), WAIT);
    expect(sink.received.find((m) => m.text.includes(fresh.title))!.text).toContain(`https://www.example.com/zb/${freshId}`);
    const feeds = (await atCompanion('/cms/alerts/feeds')).data as { atom: string };
    const atom = await (await fetch(`${companion.base}/api/ext${feeds.atom}`)).text();
    expect(atom).toContain(fresh.title);

    // Changed at the CMS → a diff on the notice the member favourited there.
    await publishAtCms(cmsDir, [{ ...followed, amount: 990 }]);
    await vi.waitFor(async () => {
      const changed = (await inbox()).find((a) => a.kind === 'changed' && a.contentId === followedId);
      expect(changed?.detail).toContain('金额');
    }, WAIT);
    // The CMS's detail has no lifecycle; the companion answers it by the CMS's id, as the portal asks.
    expect((await atCms(`/api/cmsData/bidding/${followedId}`)).data).not.toHaveProperty('changes');
    const timeline = (await json(`${companion.base}/api/ext/notices/zb/${followedId}/timeline`)).data as { changes: unknown[] };
    expect(timeline.changes).toEqual([{ field: 'amount', label: '金额', before: followed.amount, after: 990 }]);

    // Withdrawn at the CMS → out of the inbox at the next reconciliation.
    await publishAtCms(cmsDir, [{ ...fresh, withdrawn: true }]);
    await vi.waitFor(async () => expect((await inbox()).map((a) => a.contentId)).not.toContain(freshId), WAIT);

    // Killed, a notice published meanwhile, restarted: it catches up.
    companion.child.kill('SIGKILL');
    await companion.exited;
    const whileDown = tender('伴随进程停机期间发布的管廊工程招标公告');
    await publishAtCms(cmsDir, [whileDown]);
    companion = await start(companionDir, companionEnv);
    atCompanion = at(companion.base);
    await vi.waitFor(async () => expect((await inbox()).map((a) => a.title)).toContain(whileDown.title), WAIT);
    // Nothing was alerted twice.
    const titles = (await inbox()).map((a) => `${a.kind}:${a.title}`);
    expect(new Set(titles).size).toBe(titles.length);
  }, 180_000);
});
