/** Visit module (拜访, spec §7): the member's clients and their visit records. */
import { endpoints } from '../contract/endpoint';

export const VISIT_ENDPOINTS = endpoints({
  baifangClientList: { method: 'GET', path: '/cms/baifang/getBaifangClientList', auth: 'member' },
  updateBaifangClient: { method: 'PUT', path: '/cms/baifang/updateBaifangClient', auth: 'member' },
  baifangClientByCid: { method: 'GET', path: '/cms/baifang/getBaifangClientByCid/:cid', auth: 'member' },
  userCompany: { method: 'GET', path: '/cms/baifang/getUserCompany/:id', auth: 'member' },
  addBaifangClient: { method: 'PUT', path: '/cms/baifang/addBaifangClient', auth: 'member' },
  addBaifangRecords: { method: 'PUT', path: '/cms/baifang/addBaifangRecords', auth: 'member' },
  delBaifangRecords: { method: 'DELETE', path: '/cms/baifang/delBaifangRecords/:id', auth: 'member' },
  gjNum: { method: 'GET', path: '/cms/baifang/getGJNum', auth: 'member' },
  updateBaifangRecords: {
    method: 'PUT',
    path: '/cms/baifang/updateBaifangRecords',
    auth: 'member',
    ext: true,
    feature: 'visitRecords',
  },
  baifangRecordsList: { method: 'GET', path: '/cms/baifang/getBaifangRecordsList', auth: 'member', ext: true, feature: 'visitRecords' },
});
