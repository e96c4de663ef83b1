/**
 * The backend's series for `GET /metrics` (@portal/metrics; docs/reliability.md "What to watch").
 * One registry per process: the series count what the process did, whichever app (tests build
 * several) served it. Modules count their work through `metrics`:
 *
 *   import { metrics } from '../../metrics';
 *   metrics.importRows.inc(rows.length);
 */
import { Counter, Gauge, Registry } from 'prom-client';
import { requestMetrics } from '@portal/metrics';
import { passwordTasksQueued, passwordTasksRefused } from './modules/auth/password-pool';

export const registry = new Registry();

/** `http_requests_total` and `http_request_duration_seconds` per contract endpoint (routing.ts names them). */
export const httpMetrics = requestMetrics(registry);

export const metrics = {
  /**
   * Notice rows imports have read (admin call, demo feed; the CLI's own process is not scraped).
   * An import that counts as it goes makes its rate the import's pace; today's counts a file once
   * its transaction has committed.
   */
  importRows: new Counter({
    name: 'backend_import_rows_total',
    help: 'Notice rows read by imports in this process',
    registers: [registry],
  }),
  /** Alert fan-out: inbox rows written, one per member an event reaches (import matching, deadline sweeps). */
  alertsDelivered: new Counter({
    name: 'backend_alerts_delivered_total',
    help: 'Alerts written to members’ inboxes',
    registers: [registry],
  }),
  /** Alert digests by mail: `sent`, or `failed` (tried again on the next pass). */
  mails: new Counter({
    name: 'backend_mails_total',
    help: 'Alert digest mails, by result',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  /** The companion's calls to its CMS: `ok`, `gone` (404/410), `unauthorized`, `unavailable` (down, slow, 5xx). */
  cmsCalls: new Counter({
    name: 'backend_cms_calls_total',
    help: 'Calls of the companion to its CMS, by result',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  /** The companion: when a follow pass last read the CMS to the end (watch its age: it should stay under a minute). */
  cmsFollowedAt: new Gauge({
    name: 'backend_cms_followed_timestamp_seconds',
    help: 'Unix time of the last complete pass of the companion over the CMS’s newest notices',
    registers: [registry],
  }),
  /** Rows written into Excel exports. */
  exportRows: new Counter({
    name: 'backend_export_rows_total',
    help: 'Rows written into Excel exports',
    registers: [registry],
  }),
};

new Gauge({
  name: 'backend_password_tasks_queued',
  help: 'bcrypt hashes and checks waiting for a worker thread',
  registers: [registry],
  collect() {
    this.set(passwordTasksQueued());
  },
});

new Gauge({
  name: 'backend_password_tasks_refused',
  help: 'bcrypt hashes and checks refused since start (429, the wait for a thread too long)',
  registers: [registry],
  collect() {
    this.set(passwordTasksRefused());
  },
});
