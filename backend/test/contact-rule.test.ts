/**
 * One masking rule for every answer that carries an item's contact block: a free
 * member who has not unlocked a project sees its contact company masked in getUserCompany exactly
 * as in the detail, and sees it as stored once unlocked or as a VIP.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCompany } from '@shared/visit/types';
import { createTestBackend, type TestBackend } from './fixture';

let t: TestBackend;
let demo: string;
let vip: string;

beforeAll(async () => {
  t = await createTestBackend({ projects: 120, tenders: 150 });
  demo = await t.login('demo', 'demo123');
  vip = await t.login('vip', 'vip123');
});

afterAll(() => t.close());

const get = (path: string, token: string) => request(t.app).get(path).set(t.bearer(token));

/** A project whose contact company is none of its public companies (owner, tenderers, agencies), not unlocked by demo. */
function lockedProjectWithOwnContactCompany(): { id: number; contactCompany: string; contactPhone: string } {
  return t.db
    .prepare(
      `SELECT x.id, x.contact_company AS contactCompany, x.contact_phone AS contactPhone FROM xmk x
       WHERE x.contact_company <> x.owner
         AND NOT EXISTS (SELECT 1 FROM zb z WHERE z.xmk_id = x.id AND x.contact_company IN (z.tenderer, z.agency))
         AND NOT EXISTS (SELECT 1 FROM contact_unlock u JOIN member m ON m.id = u.member_id
                         WHERE m.user_name = 'demo' AND u.type = 'xmk' AND u.data_id = x.id)
       ORDER BY x.id LIMIT 1`,
    )
    .get() as { id: number; contactCompany: string; contactPhone: string };
}

describe('getUserCompany and the detail share one masking rule', () => {
  it('gives a member who has not unlocked the project the masked contact company, as the detail does', async () => {
    const project = lockedProjectWithOwnContactCompany();
    const detail = await get(`/cms/xmk/data/${project.id}`, demo);
    expect(detail.body.data).toMatchObject({ contactMasked: true, contactAccess: 'locked' });
    const maskedCompany = detail.body.data.contact.company as string;
    expect(maskedCompany).not.toBe(project.contactCompany);

    const res = await get(`/cms/baifang/getUserCompany/${project.id}`, demo);
    expect(res.body.code).toBe(200);
    const companies = res.body.data as ProjectCompany[];
    expect(companies.find((c) => c.role === '联系单位')).toMatchObject({
      companyName: maskedCompany,
      contact: detail.body.data.contact.contact,
      phone: detail.body.data.contact.phone,
      exists: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(project.contactCompany);
    expect(JSON.stringify(res.body)).not.toContain(project.contactPhone);
  });

  it('shows the contact company as stored to a VIP and after an unlock', async () => {
    const project = lockedProjectWithOwnContactCompany();
    const asVip = (await get(`/cms/baifang/getUserCompany/${project.id}`, vip)).body.data as ProjectCompany[];
    expect(asVip.find((c) => c.role === '联系单位')).toMatchObject({
      companyName: project.contactCompany,
      phone: project.contactPhone,
    });

    const unlock = await request(t.app).put('/cms/xmk/score/').set(t.bearer(demo)).send({ id: project.id });
    expect(unlock.body.code).toBe(200);
    const asDemo = (await get(`/cms/baifang/getUserCompany/${project.id}`, demo)).body.data as ProjectCompany[];
    expect(asDemo.find((c) => c.role === '联系单位')).toMatchObject({
      companyName: project.contactCompany,
      phone: project.contactPhone,
    });
  });
});
