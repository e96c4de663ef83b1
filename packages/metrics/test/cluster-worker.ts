/**
 * A cluster worker for index.test.ts: counts `REQUESTS` requests of its own, then reads /metrics as
 * a scrape that reached it would (clusterMetrics) and hands the text to the test.
 */
import { Counter, Registry } from 'prom-client';
import { clusterMetrics } from '../index';

const registry = new Registry();
const requests = new Counter({ name: 'http_requests_total', help: 'test', labelNames: ['route'] as const, registers: [registry] });
const read = clusterMetrics(registry);
requests.inc({ route: 'zbSearch' }, Number(process.env.REQUESTS));

process.on('message', (message: { type?: string }) => {
  if (message.type !== 'scrape') return;
  read().then(
    ({ text }) => process.send?.({ type: 'scraped', text }),
    (error: unknown) => process.send?.({ type: 'scraped', error: String(error) }),
  );
});
process.send?.({ type: 'counted' });
