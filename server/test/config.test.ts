import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnvFiles } from '@portal/env-files';
import { ConfigError, MSG_CMS_URL_EMBEDDED, parseConfig } from '../src/config';

describe('runtime settings', () => {
  it('has the documented defaults', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      BACKEND_PORT: 3001,
      DATA_DIR: './data',
      PRODUCT: 'prod-api',
      CAPTCHA_ENABLED: true,
    });
    expect(config.BACKEND_URL).toBeUndefined();
    expect(config.EXT_BACKEND_URL).toBeUndefined();
    // The mobile site is built in, so spec §2's redirect works out of the box.
    expect(config.MOBILE_SITE_URL).toBe('/m');
    expect(config.dataDir).toMatch(/\/data$/);
  });

  it('reads values and treats empty strings as unset', () => {
    const config = parseConfig({
      PORT: '8080',
      BACKEND_URL: 'http://10.0.0.5:8080/',
      EXT_BACKEND_URL: 'http://10.0.0.6:3001/',
      MOBILE_SITE_URL: '',
      CAPTCHA_ENABLED: 'false',
      PRODUCT: 'stage-api',
    });
    expect(config).toMatchObject({ PORT: 8080, BACKEND_URL: 'http://10.0.0.5:8080', CAPTCHA_ENABLED: false, PRODUCT: 'stage-api' });
    expect(config.MOBILE_SITE_URL).toBe('/m');
    expect(config.EXT_BACKEND_URL).toBe('http://10.0.0.6:3001');
    expect(parseConfig({ EXT_BACKEND_URL: '' }).EXT_BACKEND_URL).toBeUndefined();
  });

  it('serves with every core in production unless WEB_CONCURRENCY says otherwise; one process in development', () => {
    expect(parseConfig({ NODE_ENV: 'production' }).WEB_CONCURRENCY).toBe(availableParallelism());
    expect(parseConfig({ NODE_ENV: 'production', WEB_CONCURRENCY: '1' }).WEB_CONCURRENCY).toBe(1);
    expect(parseConfig({}).WEB_CONCURRENCY).toBe(1);
    expect(() => parseConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('reads METRICS_TOKEN, and names it without showing it when it is too short', () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: 'a-long-enough-metrics-token' }).METRICS_TOKEN).toBe('a-long-enough-metrics-token');
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN/);
    expect(() => parseConfig({ METRICS_TOKEN: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it('refuses CMS_URL when the portal starts its own backend, which would become a companion', () => {
    expect(() => parseConfig({ CMS_URL: 'http://cms.internal:8080' })).toThrow(ConfigError);
    expect(() => parseConfig({ CMS_URL: 'http://cms.internal:8080' })).toThrow(MSG_CMS_URL_EMBEDDED);
    // Pointed at the CMS and a companion, the portal starts no backend: CMS_URL there is harmless.
    const config = parseConfig({ CMS_URL: 'http://cms.internal:8080', BACKEND_URL: 'http://cms.internal:8080' });
    expect(config.BACKEND_URL).toBe('http://cms.internal:8080');
    expect(() => parseConfig({ CMS_URL: '' })).not.toThrow();
  });

  it('turns the mobile redirect off with MOBILE_SITE_URL=off, or points it at another site', () => {
    expect(parseConfig({ MOBILE_SITE_URL: 'off' }).MOBILE_SITE_URL).toBeUndefined();
    expect(parseConfig({ MOBILE_SITE_URL: 'https://m.example.com/' }).MOBILE_SITE_URL).toBe('https://m.example.com');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['BACKEND_URL', 'ftp://example.com'],
    ['BACKEND_URL', 'not a url'],
    ['EXT_BACKEND_URL', 'ftp://example.com'],
    ['EXT_BACKEND_URL', 'companion:3001'],
    ['MOBILE_SITE_URL', 'm.example.com'],
    ['MOBILE_SITE_URL', '/mobile'],
    ['CAPTCHA_ENABLED', 'maybe'],
    ['PRODUCT', '../etc'],
  ])('refuses a bad %s (%s) with a message naming it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => parseConfig({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('the .env files (one loader for the server and the backend)', () => {
  it('reads .env.local over .env, never over the real environment, and does without either', () => {
    const dir = mkdtempSync(join(tmpdir(), 'env-files-'));
    const names = ['ENV_FILES_TEST_A', 'ENV_FILES_TEST_B', 'ENV_FILES_TEST_C'] as const;
    try {
      loadEnvFiles(dir);
      writeFileSync(join(dir, '.env'), 'ENV_FILES_TEST_A=env\nENV_FILES_TEST_B=env\nENV_FILES_TEST_C=env\n');
      writeFileSync(join(dir, '.env.local'), 'ENV_FILES_TEST_A=local\nENV_FILES_TEST_B=local\n');
      process.env['ENV_FILES_TEST_A'] = 'real';
      loadEnvFiles(dir);
      expect(names.map((name) => process.env[name])).toEqual(['real', 'local', 'env']);
    } finally {
      for (const name of names) delete process.env[name];
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
