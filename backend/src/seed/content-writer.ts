/** Inserts generated projects and tenders (seed and demo top-up share it). */

/** A generated project's code, from its id: tenders link to projects by it. */
export const projectCodeOf = (id: number) => `SDXM${String(id).padStart(8, '0')}`;
import { companyWriter } from '../modules/company/maintain';
import type { Db } from '../db/connection';
import type { ProjectRef, XmkRow, ZbRow } from './content-generator';

export interface ContentWriter {
  /** Inserts the project and its versions; returns its id. */
  xmk(row: XmkRow): number;
  zb(row: ZbRow): number;
  projectRef(id: number): ProjectRef | undefined;
}

export function contentWriter(db: Db): ContentWriter {
  const insertXmk = db.prepare(
    `INSERT INTO xmk (title, area_code, city_code, address, industry, stage, nature, investment, building_area,
       owner, owner_type, approval_authority, plan_start_date, plan_end_date, content,
       contact_company, contact_name, contact_phone, contact_address, publish_time, update_time, views)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertVersion = db.prepare('INSERT INTO xmk_version (xmk_id, version, stage, summary, change_time) VALUES (?, ?, ?, ?, ?)');
  const insertZb = db.prepare(
    `INSERT INTO zb (title, area_code, city_code, industry, notice_type, amount, tenderer, agency, open_time,
       signup_deadline, content, contact_company, contact_name, contact_phone, contact_address, xmk_id,
       publish_time, update_time, views, process_code, project_code, winner, win_amount)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setProjectCode = db.prepare<[string, number]>('UPDATE xmk SET project_code = ? WHERE id = ?');
  const selectProject = db.prepare<[number], ProjectRef>(
    `SELECT id, title, area_code AS areaCode, industry, owner, investment, approval_authority AS approvalAuthority,
       project_code AS projectCode
     FROM xmk WHERE id = ?`,
  );

  const companies = companyWriter(db);

  return {
    xmk(row) {
      const { lastInsertRowid } = insertXmk.run(
        row.title,
        row.areaCode,
        row.cityCode,
        row.address,
        row.industry,
        row.stage,
        row.nature,
        row.investment,
        row.buildingArea,
        row.owner,
        row.ownerType,
        row.approvalAuthority,
        row.planStartDate,
        row.planEndDate,
        row.content,
        row.contact.company,
        row.contact.name,
        row.contact.phone,
        row.contact.address,
        row.publishTime,
        row.updateTime,
        row.views,
      );
      const id = Number(lastInsertRowid);
      setProjectCode.run(projectCodeOf(id), id);
      for (const v of row.versions) insertVersion.run(id, v.version, v.stage, v.summary, v.changeTime);
      companies.write(
        { kind: 'xmk', id, areaCode: row.areaCode, tenderer: row.owner, agency: '', winner: null, noticeType: row.stage, content: '' },
        true,
      );
      return id;
    },
    zb(row) {
      const { lastInsertRowid } = insertZb.run(
        row.title,
        row.areaCode,
        row.cityCode,
        row.industry,
        row.noticeType,
        row.amount,
        row.tenderer,
        row.agency,
        row.openTime,
        row.signupDeadline,
        row.content,
        row.contact.company,
        row.contact.name,
        row.contact.phone,
        row.contact.address,
        row.xmkId,
        row.publishTime,
        row.updateTime,
        row.views,
        row.processCode,
        row.projectCode,
        row.winner,
        row.winAmount,
      );
      const id = Number(lastInsertRowid);
      companies.write({ kind: 'zb', id, ...row }, true);
      return id;
    },
    projectRef: (id) => selectProject.get(id),
  };
}
