/**
 * Small pure pieces: configuration parsing, search tokens and highlighting, contact masking, time.
 */
import { describe, expect, it } from 'vitest';
import { formatDateTime, parseLocalDateTime, startOfDay } from '../src/clock';
import { ConfigError, loadConfig } from '../src/config';
import { maskAddress, maskCompany, maskName, maskPhone } from '../src/modules/content/contact-mask';
import { highlighter } from '../src/search/highlight';
import { documentOf, keywordMatch, runsMatch, runsMatchLoose, runsOf, tagMatch } from '../src/search/tokens';

describe('loadConfig', () => {
  it('applies the documented defaults, resolving DATA_DIR against the working directory', () => {
    expect(loadConfig({}, '/srv/portal')).toEqual({
      port: 3001,
      host: '127.0.0.1',
      dataDir: '/srv/portal/data',
      captchaEnabled: true,
      adminToken: undefined,
      dbSynchronous: 'NORMAL',
      demoTopUp: true,
      demoFeed: false,
      extensions: true,
      seedProjects: 3000,
      seedTenders: 5000,
      smtpUrl: undefined,
      mailFrom: '山东项目网 <noreply@localhost>',
      siteUrl: undefined,
      metricsToken: undefined,
      ocdsPrefix: 'ocds-xxxxxx',
      cmsUrl: undefined,
      follow: {
        intervalSeconds: 15,
        pageSize: 50,
        overlapMinutes: 10,
        pauseMs: 50,
        timeoutMs: 10_000,
        reconcileSeconds: 300,
        reconcileDays: 30,
        recheckPerPass: 50,
        serviceToken: undefined,
      },
    });
  });

  it('reads every variable, treating empty as unset', () => {
    const config = loadConfig(
      {
        BACKEND_PORT: '0',
        BACKEND_HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/cms',
        CAPTCHA_ENABLED: 'false',
        ADMIN_TOKEN: 'a-very-long-admin-token',
        DB_SYNCHRONOUS: 'FULL',
        DEMO_TOP_UP: '0',
        DEMO_FEED: 'true',
        BACKEND_EXTENSIONS: 'off',
        SEED_PROJECTS: '10',
        SEED_TENDERS: '',
        METRICS_TOKEN: 'a-long-metrics-token',
        CMS_URL: 'http://cms.internal:8080/prod-api/',
        CMS_FOLLOW_INTERVAL: '5',
        CMS_FOLLOW_PAGE_SIZE: '20',
        CMS_FOLLOW_OVERLAP: '0',
        CMS_FOLLOW_PAUSE_MS: '200',
        CMS_FOLLOW_TIMEOUT_MS: '3000',
        CMS_FOLLOW_RECONCILE: '60',
        CMS_FOLLOW_RECONCILE_DAYS: '7',
        CMS_FOLLOW_RECHECK: '0',
        CMS_SERVICE_TOKEN: 'a-vip-members-bearer-token',
      },
      '/x',
    );
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/cms',
      captchaEnabled: false,
      adminToken: 'a-very-long-admin-token',
      dbSynchronous: 'FULL',
      demoTopUp: false,
      demoFeed: true,
      extensions: false,
      seedProjects: 10,
      seedTenders: 5000,
      metricsToken: 'a-long-metrics-token',
      cmsUrl: 'http://cms.internal:8080/prod-api',
      follow: {
        intervalSeconds: 5,
        pageSize: 20,
        overlapMinutes: 0,
        pauseMs: 200,
        timeoutMs: 3000,
        reconcileSeconds: 60,
        reconcileDays: 7,
        recheckPerPass: 0,
        serviceToken: 'a-vip-members-bearer-token',
      },
    });
  });

  it.each([
    [{ BACKEND_PORT: '70000' }, 'Invalid environment variable BACKEND_PORT: must be an integer from 0 to 65535, got "70000"'],
    [{ CAPTCHA_ENABLED: 'yes' }, 'Invalid environment variable CAPTCHA_ENABLED: must be true or false, got "yes"'],
    [{ DB_SYNCHRONOUS: 'OFF' }, 'Invalid environment variable DB_SYNCHRONOUS: must be NORMAL or FULL, got "OFF"'],
    [
      { CMS_URL: 'cms.internal' },
      'Invalid environment variable CMS_URL: must be an http(s) URL of the CMS API, such as http://cms.internal:8080/prod-api, got "cms.internal"',
    ],
    [{ CMS_FOLLOW_INTERVAL: '0' }, 'Invalid environment variable CMS_FOLLOW_INTERVAL: must be seconds from 1 to 3600, got "0"'],
    [
      { ADMIN_TOKEN: 'short' },
      'Invalid environment variable ADMIN_TOKEN: must be 16 to 200 printable ASCII characters without spaces, got (hidden)',
    ],
    [
      { METRICS_TOKEN: 'short secret' },
      'Invalid environment variable METRICS_TOKEN: must be 16 to 200 printable ASCII characters without spaces, got (hidden)',
    ],
  ])('refuses %o naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(new ConfigError(message));
  });
});

describe('search tokens', () => {
  it('normalises case and compatibility forms, splitting on anything but letters and digits', () => {
    expect(runsOf('ＰＰＰ项目，道路（一期）G20')).toEqual(['ppp项目', '道路', '一期', 'g20']);
  });

  it('indexes unique unigrams, bigrams within runs with a gap between runs, and tags', () => {
    expect(documentOf(['道路，桥'], ['a370102'])).toEqual({ uni: '道 路 桥', bi: '道路', tags: 'a370102', auni: '', abi: '' });
    expect(documentOf(['道路改', '扩建'], [])).toEqual({ uni: '道 路 改 扩 建', bi: '道路 路改 x 扩建', tags: '', auni: '', abi: '' });
  });

  it("repeats a county item's tokens prefixed by its county, so a county search reads only its postings", () => {
    expect(documentOf(['道路改', '扩建'], ['a370283', 'a370200', 't2'], '370283')).toEqual({
      uni: '道 路 改 扩 建',
      bi: '道路 路改 x 扩建',
      tags: 'a370283 a370200 t2',
      auni: '370283道 370283路 370283改 370283扩 370283建 370283t2',
      abi: '370283道路 370283路改 x 370283扩建',
    });
    expect(runsMatch(['桥', '道路改'], '370283')).toBe('auni:"370283桥" AND abi:"370283道路 370283路改"');
    expect(tagMatch('noticeType', '2', '370283')).toBe('auni:"370283t2"');
    expect(() => runsMatch(['桥'], '37" OR x')).toThrow();
  });

  it('turns keywords into index expressions that cannot carry query syntax', () => {
    expect(keywordMatch('桥')).toBe('uni:"桥"');
    expect(keywordMatch('道路')).toBe('bi:"道路"');
    expect(keywordMatch('道路改扩建')).toBe('bi:"道路 路改 改扩 扩建"');
    expect(keywordMatch('"道路" OR *')).toBe('bi:"道路" AND bi:"or"');
    expect(keywordMatch('%_*"')).toBeNull();
  });

  it('loosens each phrase to its first bigram for the emptiness precheck, none without a phrase', () => {
    expect(runsMatchLoose(['候选人', '路', '道路'])).toBe('bi:"候选" AND uni:"路" AND bi:"道路"');
    expect(runsMatchLoose(['候选人'], '370283')).toBe('abi:"370283候选"');
    expect(runsMatchLoose(['道路', '路'])).toBeNull();
  });

  it('highlights every run of the keyword in an escaped title, longest first', () => {
    const highlight = highlighter('道路 道路改扩建');
    expect(highlight('<b>道路改扩建</b>及道路工程')).toBe('&lt;b&gt;<em>道路改扩建</em>&lt;/b&gt;及<em>道路</em>工程');
    expect(highlighter(undefined)('A & B')).toBe('A &amp; B');
    expect(highlighter('kv')('110kV变电站')).toBe('110<em>kV</em>变电站');
  });
});

describe('contact masking', () => {
  it.each([
    [maskName, '张三丰', '张**'],
    [maskName, '李四', '李*'],
    [maskPhone, '13812345678', '138****5678'],
    [maskPhone, '0531-88886666', '0531-****6666'],
    [maskPhone, '+86 531 8888 6666', '+** *** **** 6666'],
    [maskPhone, '１３８１２３４５６７８', '138****5678'],
    [maskPhone, '０５３１－８４８７２２１６', '0531-****2216'],
    [maskPhone, '0531-84872230转8012', '0531-****2230转****'],
    [maskPhone, '(0531)82316658', '0531-****6658'],
    [maskCompany, '山东鲁信建设集团有限公司', '山东****有限公司'],
    [maskCompany, '某单位', '某***'],
    [maskCompany, '博山建筑队', '博****队'],
    [maskCompany, '济南建工集团', '济****集团'],
    [maskCompany, '济南明水建设集团', '济南****集团'],
    [maskCompany, '济南建工集团有限公司', '济南****限公司'],
    [maskName, '陈𠮷', '陈*'],
    [maskAddress, '济南市历城区王庄镇经十路12号', '济南市历城区****'],
  ])('%o(%s) → %s', (mask, input, expected) => {
    expect(mask(input)).toBe(expected);
  });
});

describe('Asia/Shanghai time', () => {
  it('formats and starts days at +08:00 whatever the machine zone', () => {
    const instant = new Date('2024-06-12T16:30:00Z');
    expect(formatDateTime(instant)).toBe('2024-06-13 00:30:00');
    expect(startOfDay(instant).toISOString()).toBe('2024-06-12T16:00:00.000Z');
  });

  it('parses only real calendar times', () => {
    expect(parseLocalDateTime('2024-06-13 00:30:00')?.toISOString()).toBe('2024-06-12T16:30:00.000Z');
    expect(parseLocalDateTime('2024-02-30')).toBeNull();
    expect(parseLocalDateTime('2024-06-13T00:30:00')).toBeNull();
  });
});
