/**
 * The company page on the phone. The mobile tender detail links its names to
 * /m/pages/company/detail?id=, which the server renders in the mobile layout with the desktop
 * profile's data; a phone opening /company/{id} is sent there; without the backend's company
 * feature the page is the 404 and no page links it.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyProfile } from '@shared/company/types';
import { MISSING, formatWan } from '@shared/format';
import { MOBILE_PATHS } from '@shared/routes';
import { createTestPortal, type TestPortal } from './harness';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const canonicalOf = (html: string) => /<link rel="canonical"[^>]*href="([^"]*)"/.exec(html)?.[1];
/** The body's text as a reader meets it: tags gone, entities of the figures decoded, spaces folded. */
const bodyText = (html: string) =>
  html
    .slice(html.indexOf('<body'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

interface Tender {
  id: number;
  tenderer: string;
  winner: string;
}

function awardedTender(portal: TestPortal): Tender {
  return portal.backend.db
    .prepare("SELECT id, tenderer, winner FROM zb WHERE winner IS NOT NULL AND notice_type = '5' ORDER BY id DESC LIMIT 1")
    .get() as Tender;
}

describe('with the company feature', () => {
  let portal: TestPortal;
  let zb: Tender;
  let companyOf: (name: string) => number;
  beforeAll(async () => {
    portal = await createTestPortal({ projects: 30, tenders: 40, config: { MOBILE_SITE_URL: '/m' } });
    zb = awardedTender(portal);
    companyOf = (name) => (portal.backend.db.prepare('SELECT id FROM company WHERE name = ?').get(name) as { id: number }).id;
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('links the mobile tender detail’s names to the mobile company pages', async () => {
    const res = await request(portal.app).get(`${MOBILE_PATHS.zbDetail}?id=${zb.id}`).set('User-Agent', IPHONE);
    expect(res.status).toBe(200);
    for (const name of [zb.tenderer, zb.winner]) {
      expect(res.text).toContain(`href="/m/pages/company/detail?id=${companyOf(name)}"`);
    }
    expect(res.text).not.toContain('href="/company/');
  });

  it('renders the company in the mobile layout: counts by year, mobile links, canonical desktop page', async () => {
    const id = companyOf(zb.winner);
    const res = await request(portal.app).get(`${MOBILE_PATHS.companyDetail}?id=${id}`).set('User-Agent', IPHONE);
    expect(res.status).toBe(200);
    expect(res.text).toContain('class="m-site"');
    expect(res.text).not.toContain('site-header');
    expect(res.text).toContain(`<h1 class="m-detail-title">${zb.winner}</h1>`);
    expect(res.text).toContain('<table class="m-company-years">');
    // No chart: neither its container nor the desktop year table.
    expect(res.text).not.toContain('company-chart');
    expect(canonicalOf(res.text)).toBe(`/company/${id}`);
    // Its win links to the mobile tender detail, never to the desktop one.
    expect(res.text).toContain(`href="/m/pages/zb/detail?id=${zb.id}"`);
    // (In the body: the head's canonical and the 电脑版 link, ?view=pc, are the desktop addresses.)
    expect(res.text.slice(res.text.indexOf('<body'))).not.toMatch(/href="\/(zb|xmk|company)\/\d+"/);

    const tenderer = await request(portal.app)
      .get(`${MOBILE_PATHS.companyDetail}?id=${companyOf(zb.tenderer)}`)
      .set('User-Agent', IPHONE);
    expect(tenderer.text).toContain('常中标单位');
    expect(tenderer.text).toContain(`href="/m/pages/company/detail?id=${id}"`);
    expect(tenderer.text).toContain('最近招标联系人');
  });

  it('masks the contact for visitors as the API does', async () => {
    const id = companyOf(zb.tenderer);
    const api = (await request(portal.backend.app).get(`/api/cmsData/company/${id}`)).body.data as {
      contact: { phone: string; contactMasked: boolean } | null;
    };
    expect(api.contact?.contactMasked).toBe(true);
    const res = await request(portal.app).get(`${MOBILE_PATHS.companyDetail}?id=${id}`).set('User-Agent', IPHONE);
    expect(res.text).toContain(`<dd>${api.contact?.phone}</dd>`);
    expect(res.text).toContain('联系方式已隐藏');
  });

  it('shows the same three figures and contact fields on the desktop and the phone page', async () => {
    const id = companyOf(zb.tenderer);
    const api = (await request(portal.backend.app).get(`/api/cmsData/company/${id}`)).body.data as CompanyProfile;
    const sum = (pick: (y: CompanyProfile['years'][number]) => number) => api.years.reduce((n, y) => n + pick(y), 0);
    // No win: 中标金额 is "—", never 0万元 (the generator's wins all state a sum).
    const winAmount = sum((y) => y.wins) > 0 ? formatWan(sum((y) => y.winAmount)) : MISSING;
    const figures = [`${sum((y) => y.tenders)} 招标（条） ${sum((y) => y.wins)} 中标（次） ${winAmount} 中标金额`];
    const contact = `单位 ${api.contact?.company} 联系人 ${api.contact?.contact} 电话 ${api.contact?.phone}`;
    expect(sum((y) => y.tenders)).toBeGreaterThan(0);
    const desktop = await request(portal.app).get(`/company/${id}`);
    const phone = await request(portal.app).get(`${MOBILE_PATHS.companyDetail}?id=${id}`).set('User-Agent', IPHONE);
    for (const res of [desktop, phone]) {
      expect(res.status).toBe(200);
      // Each figure's value beside its label, in this order, under the name.
      const text = bodyText(res.text);
      expect(text).toContain(`${zb.tenderer} ${figures}`);
      expect(text).toContain(contact);
    }
  });

  it('answers a missing, bad or unknown id with the 404 page', async () => {
    for (const query of ['', '?id=', '?id=abc', '?id=0', '?id=007', '?id=99999999']) {
      const res = await request(portal.app).get(`${MOBILE_PATHS.companyDetail}${query}`).set('User-Agent', IPHONE);
      expect(res.status, query).toBe(404);
      expect(res.text, query).toContain('页面不存在');
      // The mobile site's own 404, in its layout, not the desktop chrome.
      expect(res.text, query).toContain('class="m-site"');
      expect(res.text, query).not.toContain('site-header');
    }
  });

  it('sends a phone from /company/{id} to the mobile page; the search stays', async () => {
    const id = companyOf(zb.tenderer);
    const res = await request(portal.app).get(`/company/${id}`).set('User-Agent', IPHONE);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`/m/pages/company/detail?id=${id}`);
    const search = await request(portal.app).get('/company?role=winner').set('User-Agent', IPHONE);
    expect(search.status).toBe(200);
    // A desktop browser keeps the desktop page, which names its mobile twin.
    const desktop = await request(portal.app).get(`/company/${id}`);
    expect(desktop.status).toBe(200);
    expect(desktop.text).toMatch(new RegExp(`<link rel="alternate"[^>]*href="[^"]*/m/pages/company/detail\\?id=${id}"`));
  });
});

describe('without the company feature (BACKEND_EXTENSIONS=off)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await createTestPortal({ projects: 30, tenders: 40, extensions: false, config: { MOBILE_SITE_URL: '/m' } });
  }, 60_000);
  afterAll(async () => {
    await portal?.close();
  });

  it('answers the mobile company page with the 404 page and links no company', async () => {
    const zb = awardedTender(portal);
    const detail = await request(portal.app).get(`${MOBILE_PATHS.zbDetail}?id=${zb.id}`).set('User-Agent', IPHONE);
    expect(detail.status).toBe(200);
    expect(detail.text).toContain(zb.tenderer);
    expect(detail.text).not.toMatch(/href="\/(m\/pages\/)?company/);
    const res = await request(portal.app).get(`${MOBILE_PATHS.companyDetail}?id=1`).set('User-Agent', IPHONE);
    expect(res.status).toBe(404);
    expect(res.text).toContain('页面不存在');
    expect(res.text).toContain('class="m-site"');
  });
});
