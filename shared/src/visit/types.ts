/** Visit module (拜访, spec §7): a member's small CRM of client companies and visit records. */
import type { ContentType, DateString, DateTimeString, PageParams } from '../contract/common';

/** dict `cms_visit_status`: '0' 待跟进, '1' 跟进中, '2' 已签约, '3' 已放弃 */
export type VisitStatus = '0' | '1' | '2' | '3';
/** dict `cms_visit_way`: '0' 电话, '1' 上门, '2' 微信, '3' 其他 */
export type VisitWay = '0' | '1' | '2' | '3';

/** 拜访客户 — a member's client company. */
export interface BaifangClient {
  id: number;
  companyName: string;
  contact: string;
  phone: string;
  status: VisitStatus;
  /** 下次拜访; a client is "due" when this is today or earlier and status is 0 or 1. */
  nextVisitDate: DateString | null;
  remark: string;
  /** Where the client came from: a favourite's item, a project's company, or typed in. */
  sourceType: ContentType | 'manual';
  sourceId: number | null;
  sourceTitle: string | null;
  recordCount: number;
  lastVisitTime: DateTimeString | null;
  createTime: DateTimeString;
  updateTime: DateTimeString;
}

/** `GET /cms/baifang/getBaifangClientList` */
export interface BaifangClientListParams extends PageParams {
  /** matches company name, contact or phone */
  keyword?: string;
  status?: VisitStatus;
  /** true: only clients due for a visit */
  due?: boolean;
}

/** `PUT /cms/baifang/addBaifangClient` body. */
export interface BaifangClientBody {
  /** 1–100 characters */
  companyName: string;
  /** ≤ 30 characters */
  contact?: string;
  /** ≤ 30 characters */
  phone?: string;
  status?: VisitStatus;
  nextVisitDate?: DateString | null;
  /** ≤ 500 characters */
  remark?: string;
  sourceType?: ContentType | 'manual';
  sourceId?: number | null;
}

/** `PUT /cms/baifang/updateBaifangClient` body. */
export interface BaifangClientUpdateBody extends BaifangClientBody {
  id: number;
}

/** One visit (拜访记录). */
export interface BaifangRecord {
  id: number;
  clientId: number;
  companyName: string;
  visitTime: DateTimeString;
  way: VisitWay;
  content: string;
  result: string;
  nextStep: string;
  createTime: DateTimeString;
}

/** `PUT /cms/baifang/addBaifangRecords` body. */
export interface BaifangRecordBody {
  clientId: number;
  visitTime: DateTimeString;
  way: VisitWay;
  /** 1–1000 characters */
  content: string;
  /** ≤ 500 characters */
  result?: string;
  /** ≤ 500 characters */
  nextStep?: string;
  /** also updates the client's next visit date */
  nextVisitDate?: DateString | null;
  /** also updates the client's status */
  status?: VisitStatus;
}

/** `PUT /cms/baifang/updateBaifangRecords` body (ext): the record's own fields. */
export interface BaifangRecordUpdateBody {
  id: number;
  visitTime: DateTimeString;
  way: VisitWay;
  /** 1–1000 characters */
  content: string;
  /** ≤ 500 characters */
  result?: string;
  /** ≤ 500 characters */
  nextStep?: string;
}

/** `GET /cms/baifang/getBaifangClientByCid/{cid}` → AjaxResult<BaifangClientDetail> */
export interface BaifangClientDetail {
  client: BaifangClient;
  /** newest first */
  records: BaifangRecord[];
}

/** `GET /cms/baifang/getBaifangRecordsList` (extension): all the member's records. */
export interface BaifangRecordListParams extends PageParams {
  clientId?: number;
  /** inclusive `yyyy-MM-dd` */
  beginDate?: DateString;
  endDate?: DateString;
}

/** `GET /cms/baifang/getUserCompany/{id}` → AjaxResult<ProjectCompany[]> for project id. */
export interface ProjectCompany {
  /** 建设单位 / 联系单位 / 招标人 / 代理机构 */
  role: string;
  companyName: string;
  /** masked unless the member may see the project's contacts */
  contact: string;
  phone: string;
  /** a client with this company name already exists */
  exists: boolean;
}

/** `GET /cms/baifang/getGJNum` → AjaxResult<GJNum>: badge counts. */
export interface GJNum {
  total: number;
  byStatus: Record<VisitStatus, number>;
  /** clients due for a visit (nextVisitDate ≤ today, status 0 or 1) */
  due: number;
  records: number;
}
