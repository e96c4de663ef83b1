import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaifangClient, BaifangRecord } from '@shared/visit/types';
import { feedback } from '../../../lib/feedback';
import { RecordFormModal } from '../components/record-form';
import * as recordsPage from '../pages/baifang-records-page';
import type { Feature } from '@shared/system/features';
import { BASE_CAPABILITIES, createMemberEnv, ok, renderPage, renderWith, table, where, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.mocked(feedback.confirm).mockReset();
});

const CLIENT = { id: 7, companyName: '济南市城市建设局', status: '1', nextVisitDate: null } as BaifangClient;
const CLIENTS = [CLIENT, { ...CLIENT, id: 8, companyName: '历下区教育和体育局' }];

const record = (id: number, patch: Partial<BaifangRecord> = {}): BaifangRecord => ({
  id,
  clientId: 7,
  companyName: '济南市城市建设局',
  visitTime: `2024-06-${String(id).padStart(2, '0')} 10:30:00`,
  way: '1',
  content: `第 ${id} 次上门拜访`,
  result: '对方有意向',
  nextStep: '提交方案',
  createTime: '2024-06-10 10:30:00',
  ...patch,
});

function visitEnv(records: BaifangRecord[], capabilities: readonly Feature[] = BASE_CAPABILITIES) {
  return createMemberEnv(
    {
      'GET /cms/baifang/getBaifangRecordsList': (call) =>
        table(records.filter((r) => !call.query.get('clientId') || String(r.clientId) === call.query.get('clientId'))),
      'GET /cms/baifang/getBaifangClientList': () => table(CLIENTS),
      // spec §7's client detail: what a backend without getBaifangRecordsList offers.
      ...Object.fromEntries(
        CLIENTS.map((client) => [
          `GET /cms/baifang/getBaifangClientByCid/${client.id}`,
          () => ok({ client, records: records.filter((r) => r.clientId === client.id) }),
        ]),
      ),
      'GET /cms/baifang/getGJNum': () => ok({ total: 2, byStatus: { 0: 1, 1: 1, 2: 0, 3: 0 }, due: 1, records: records.length }),
      'PUT /cms/baifang/addBaifangRecords': (call) => ok({ ...record(99), ...call.body }, '新增成功'),
      'DELETE /cms/baifang/delBaifangRecords/3': () => ({ code: 200, msg: '删除成功' }),
      'PUT /cms/baifang/updateBaifangRecords': (call) => ok({ ...record(3), ...call.body }, '修改成功'),
    },
    undefined,
    capabilities,
  );
}

describe('the record dialog', () => {
  it('needs the visit content, in Chinese', async () => {
    const env = visitEnv([]);
    renderWith(() => <RecordFormModal client={CLIENT} onClose={() => undefined} />, env);
    await typist().click(screen.getByRole('button', { name: '保存记录' }));
    expect(await screen.findByText('请填写拜访内容')).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/baifang/addBaifangRecords')).toHaveLength(0);
  });

  it('records the visit for the client, leaving status and next date alone unless chosen', async () => {
    const env = visitEnv([]);
    const onClose = vi.fn();
    renderWith(() => <RecordFormModal client={CLIENT} onClose={onClose} />, env);
    const user = typist();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByText('电话'));
    await user.type(within(dialog).getByLabelText('拜访内容'), '电话沟通开工时间');
    await user.type(within(dialog).getByLabelText('拜访结果'), '下月开工');
    await user.click(within(dialog).getByRole('button', { name: '保存记录' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = env.callsTo('PUT /cms/baifang/addBaifangRecords')[0]?.body;
    expect(body).toMatchObject({ clientId: 7, way: '0', content: '电话沟通开工时间', result: '下月开工', nextStep: '' });
    expect(body?.visitTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('nextVisitDate');
  });

  it('shows a refusal beside the form and keeps the text', async () => {
    const env = createMemberEnv({ 'PUT /cms/baifang/addBaifangRecords': () => ({ code: 404, msg: '客户不存在' }) });
    renderWith(() => <RecordFormModal client={CLIENT} onClose={() => undefined} />, env);
    const user = typist();
    await user.type(screen.getByLabelText('拜访内容'), '上门拜访');
    await user.click(screen.getByRole('button', { name: '保存记录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('访问资源不存在');
    expect(screen.getByLabelText('拜访内容')).toHaveValue('上门拜访');
  });
});

describe('/user/baifangRecords', () => {
  it('lists the records with links to their clients, and filters by client in the URL', async () => {
    const env = visitEnv([record(3), record(2, { clientId: 8, companyName: '历下区教育和体育局', content: '另一家' })]);
    renderPage(recordsPage, '/user/baifangRecords?clientId=7', env);
    expect(await screen.findByText('第 3 次上门拜访')).toBeInTheDocument();
    expect(screen.queryByText('另一家')).toBeNull();
    expect(screen.getByRole('link', { name: '济南市城市建设局' })).toHaveAttribute('href', '/user/baifangClient?cid=7');
    expect(env.callsTo('GET /cms/baifang/getBaifangRecordsList')[0]?.query.get('clientId')).toBe('7');
    await typist().click(screen.getByRole('link', { name: '清空筛选' }));
    await waitFor(() => expect(where(screen)).toHaveTextContent(/^\/user\/baifangRecords$/));
    expect(await screen.findByText('另一家')).toBeInTheDocument();
  });

  it('edits a record in the record dialog, starting from what it says', async () => {
    const env = visitEnv([record(3)]);
    renderPage(recordsPage, '/user/baifangRecords', env);
    const user = typist();
    await screen.findByText('第 3 次上门拜访');
    await user.click(screen.getByRole('button', { name: '编辑' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('编辑拜访记录 · 济南市城市建设局');
    expect(within(dialog).getByLabelText('拜访内容')).toHaveValue('第 3 次上门拜访');
    expect(within(dialog).getByLabelText('拜访结果')).toHaveValue('对方有意向');
    // A record's edit changes the record only: the client's status and next date are not offered.
    expect(within(dialog).queryByLabelText('更新跟进状态')).toBeNull();
    await user.clear(within(dialog).getByLabelText('拜访内容'));
    await user.type(within(dialog).getByLabelText('拜访内容'), '上门拜访，改约下周');
    await user.click(within(dialog).getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/baifang/updateBaifangRecords')).toHaveLength(1));
    expect(env.callsTo('PUT /cms/baifang/updateBaifangRecords')[0]?.body).toEqual({
      id: 3,
      visitTime: '2024-06-03 10:30:00',
      way: '1',
      content: '上门拜访，改约下周',
      result: '对方有意向',
      nextStep: '提交方案',
    });
    await waitFor(() => expect(env.callsTo('GET /cms/baifang/getBaifangRecordsList')).toHaveLength(2));
    expect(feedback.success).toHaveBeenCalledWith('拜访记录已保存');
  });

  it('offers no edit against a backend without the visit records extension', async () => {
    const env = visitEnv(
      [record(3)],
      BASE_CAPABILITIES.filter((feature) => feature !== 'visitRecords'),
    );
    renderPage(recordsPage, '/user/baifangRecords', env);
    await screen.findByText('第 3 次上门拜访');
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.getByRole('button', { name: '删除' })).toBeInTheDocument();
    expect(env.callsTo('GET /cms/baifang/getBaifangRecordsList')).toHaveLength(0);
  });

  it('deletes a record only after the member confirms', async () => {
    const env = visitEnv([record(3)]);
    renderPage(recordsPage, '/user/baifangRecords', env);
    const user = typist();
    await screen.findByText('第 3 次上门拜访');

    vi.mocked(feedback.confirm).mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: '删除' }));
    expect(feedback.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '删除这条拜访记录？', danger: true }));
    expect(env.callsTo('DELETE /cms/baifang/delBaifangRecords/3')).toHaveLength(0);

    vi.mocked(feedback.confirm).mockResolvedValueOnce(true);
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(env.callsTo('DELETE /cms/baifang/delBaifangRecords/3')).toHaveLength(1));
    // The list and the badges are fetched again.
    await waitFor(() => expect(env.callsTo('GET /cms/baifang/getBaifangRecordsList')).toHaveLength(2));
    expect(feedback.success).toHaveBeenCalledWith('拜访记录已删除');
  });

  it('gathers the records from the clients’ calls without the extension: newest first, by client and day, paged', async () => {
    const other = (id: number, visitTime: string) =>
      record(id, { clientId: 8, companyName: '历下区教育和体育局', content: `另一家 ${id}`, visitTime });
    const records = [record(3), record(1), other(4, '2024-06-02 09:00:00'), other(5, '2024-07-01 08:00:00')];
    const specOnly = BASE_CAPABILITIES.filter((feature) => feature !== 'visitRecords');
    const env = visitEnv(records, specOnly);
    renderPage(recordsPage, '/user/baifangRecords', env);
    await screen.findByText('第 3 次上门拜访');
    const contents = screen.getAllByRole('row').map((row) => within(row).queryByText(/拜访$|^另一家/)?.textContent);
    expect(contents.filter(Boolean)).toEqual(['另一家 5', '第 3 次上门拜访', '另一家 4', '第 1 次上门拜访']);
    expect(env.callsTo('GET /cms/baifang/getBaifangRecordsList')).toHaveLength(0);
    cleanup();

    const byClient = visitEnv(records, specOnly);
    renderPage(recordsPage, '/user/baifangRecords?clientId=8&beginDate=2024-06-01&endDate=2024-06-30', byClient);
    expect(await screen.findByText('另一家 4')).toBeInTheDocument();
    expect(screen.queryByText('另一家 5')).toBeNull();
    expect(screen.queryByText('第 3 次上门拜访')).toBeNull();
    // Only the chosen client's records are asked for.
    expect(byClient.callsTo('GET /cms/baifang/getBaifangClientByCid/7')).toHaveLength(0);
    cleanup();

    const twelve = Array.from({ length: 12 }, (_, i) => record(i + 1));
    renderPage(recordsPage, '/user/baifangRecords?pageNum=2&pageSize=10', visitEnv(twelve, specOnly));
    expect(await screen.findByText('第 1 次上门拜访')).toBeInTheDocument();
    expect(screen.getByText('第 2 次上门拜访')).toBeInTheDocument();
    expect(screen.queryByText('第 3 次上门拜访')).toBeNull();
    expect(screen.getByText('共 12 条')).toBeInTheDocument();
  });
});
