/** Two visit clients (one due for a visit), their counts and one's history: the visit pages' and the dashboard's fixture. */
import type { BaifangClient } from '@shared/visit/types';
import type { Feature } from '@shared/system/features';
import { createMemberEnv, ok, table, type Answer } from './member-harness';

const baifangClient = (id: number, patch: Partial<BaifangClient> = {}): BaifangClient => ({
  id,
  companyName: `客户单位 ${id}`,
  contact: '王工',
  phone: '13800138000',
  status: '1',
  nextVisitDate: null,
  remark: '',
  sourceType: 'manual',
  sourceId: null,
  sourceTitle: null,
  recordCount: 0,
  lastVisitTime: null,
  createTime: '2024-05-01 10:00:00',
  updateTime: '2024-06-01 10:00:00',
  ...patch,
});

const CLIENTS = [
  baifangClient(1, { nextVisitDate: '2000-01-01' }),
  baifangClient(2, { status: '2', sourceType: 'xmk', sourceId: 55, sourceTitle: '历下区学校扩建项目' }),
];
const GJ = { total: 2, byStatus: { 0: 0, 1: 1, 2: 1, 3: 0 }, due: 1, records: 3 };

/** `extra` answers more calls (a write); `capabilities` as createMemberEnv's. */
export function visitEnv(extra: Record<string, Answer> = {}, capabilities?: readonly Feature[]) {
  return createMemberEnv(
    {
      'GET /cms/baifang/getBaifangClientList': (call) =>
        table(
          CLIENTS.filter(
            (c) =>
              (!call.query.get('status') || c.status === call.query.get('status')) && (!call.query.get('due') || c.nextVisitDate !== null),
          ),
        ),
      'GET /cms/baifang/getGJNum': () => ok(GJ),
      'GET /cms/baifang/getBaifangClientByCid/2': () =>
        ok({
          client: CLIENTS[1],
          records: [
            {
              id: 9,
              clientId: 2,
              companyName: '客户单位 2',
              visitTime: '2024-06-03 14:00:00',
              way: '0',
              content: '电话确认中标',
              result: '已签约',
              nextStep: '',
              createTime: '',
            },
          ],
        }),
      'GET /cms/favorite/list/': () => table([], 4),
      'GET /cms/bidding/list': () => table([]),
      [`GET /api/system/config/configKey/cms.score.unlockCost`]: () => ({ code: 200, msg: '10' }),
      ...extra,
    },
    undefined,
    capabilities,
  );
}
