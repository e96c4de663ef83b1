/** Request and response schemas of the visit calls (拜访), keyed like VISIT_ENDPOINTS. */
import { ack, ajax, tableOf, type SchemasOf } from '../contract/envelopes';
import {
  body,
  bodyId,
  booleanValue,
  date,
  dateOnly,
  dateTime,
  idParams,
  integer,
  keyword,
  MSG,
  notAfter,
  nullable,
  oneOf,
  optional,
  optionalValue,
  orEmpty,
  pageFields,
  pathId,
  phoneText,
  required,
  text,
  values,
} from '../contract/fields';
import type { VISIT_ENDPOINTS } from './endpoints';
import type { BaifangClient, BaifangClientDetail, BaifangRecord, GJNum, ProjectCompany } from './types';

const STATUSES = ['0', '1', '2', '3'] as const;
const status = optional('status 必须是 0、1、2 或 3', oneOf(STATUSES));
const clientFields = {
  companyName: required('companyName 必须是 1 到 100 个字符', text(1, 100)),
  contact: optionalValue('contact 不能超过 30 个字符', text(0, 30)),
  /** The phone rule of fields.ts; '' clears it. */
  phone: optionalValue(MSG.phone('phone'), orEmpty(phoneText)),
  status,
  nextVisitDate: nullable(MSG.date('nextVisitDate'), dateOnly),
  remark: optionalValue('remark 不能超过 500 个字符', text(0, 500, { multiline: true })),
  sourceType: optional('sourceType 必须是 xmk、zb 或 manual', oneOf(['xmk', 'zb', 'manual'])),
  sourceId: nullable(MSG.id('sourceId'), integer(1, Number.MAX_SAFE_INTEGER, 'body')),
};
export const baifangClientBody = body(clientFields);
const baifangClientUpdateBody = body({ id: bodyId('id'), ...clientFields });
/** A visit record's own fields. */
const recordFields = {
  visitTime: required(MSG.dateTime('visitTime'), dateTime),
  way: required('way 必须是 0、1、2 或 3', oneOf(['0', '1', '2', '3'])),
  content: required('content 必须是 1 到 1000 个字符', text(1, 1000, { multiline: true })),
  result: optionalValue('result 不能超过 500 个字符', text(0, 500, { multiline: true }), ''),
  nextStep: optionalValue('nextStep 不能超过 500 个字符', text(0, 500, { multiline: true }), ''),
};
/** A new record: for a client, and it may move the client's status and next visit date. */
export const baifangRecordBody = body({
  clientId: bodyId('clientId'),
  ...recordFields,
  nextVisitDate: nullable(MSG.date('nextVisitDate'), dateOnly),
  status,
});
/** An edited visit record: its own fields; its client, and the client's status, stay as they are. */
export const baifangRecordUpdateBody = body({ id: bodyId('id'), ...recordFields });
const clientFilterFields = {
  keyword: keyword(),
  status,
  due: optional('due 必须是 true 或 false', booleanValue()),
};
/** The client list's filters without paging (the visit export reads the same). */
export const clientFilter = values(clientFilterFields);
const recordListQuery = values({
  ...pageFields,
  clientId: optional(MSG.id('clientId'), integer(1, Number.MAX_SAFE_INTEGER)),
  beginDate: date('beginDate'),
  endDate: date('endDate'),
}).refine((q) => notAfter(q.beginDate, q.endDate), { error: 'beginDate 不能晚于 endDate' });

export const VISIT_SCHEMAS = {
  baifangClientList: { query: values({ ...pageFields, ...clientFilterFields }), response: tableOf<BaifangClient>() },
  updateBaifangClient: { body: baifangClientUpdateBody, response: ajax<BaifangClient>() },
  baifangClientByCid: { params: values({ cid: pathId('cid') }), response: ajax<BaifangClientDetail>() },
  userCompany: { params: idParams, response: ajax<ProjectCompany[]>() },
  addBaifangClient: { body: baifangClientBody, response: ajax<BaifangClient>() },
  addBaifangRecords: { body: baifangRecordBody, response: ajax<BaifangRecord>() },
  delBaifangRecords: { params: idParams, response: ack },
  updateBaifangRecords: { body: baifangRecordUpdateBody, response: ajax<BaifangRecord>() },
  gjNum: { response: ajax<GJNum>() },
  baifangRecordsList: { query: recordListQuery, response: tableOf<BaifangRecord>() },
} as const satisfies SchemasOf<typeof VISIT_ENDPOINTS>;
