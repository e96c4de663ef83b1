/**
 * The CRM on the phone: the client list (by status, due first-class), one client with its visits,
 * a new visit record through the spec's `addBaifangRecords`, and every record (ext).
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaifangClient, BaifangRecord } from '@shared/visit/types';
import { feedback } from '../../../lib/feedback';
import { visitEnv } from '../../../test/visit-fixtures';
import { BASE_CAPABILITIES, createMemberEnv, ok, renderPage, table, typist } from '../../../test/member-harness';
import * as clientsPage from '../mobile/m-clients-page';
import * as clientPage from '../mobile/m-client-page';
import * as recordsPage from '../mobile/m-records-page';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn(), confirm: vi.fn() },
}));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

describe('拜访客户 on the phone', () => {
  it('lists the clients, marks the one due, and filters by status', async () => {
    const env = visitEnv();
    const user = typist();
    renderPage(clientsPage, '/m/pages/user/clients', env);
    const due = (await screen.findByRole('link', { name: /客户单位 1/ })) as HTMLElement;
    expect(due).toHaveTextContent('待拜访');
    expect(due).toHaveAttribute('href', '/m/pages/user/client?id=1');
    expect(screen.getByRole('link', { name: /客户单位 2/ })).not.toHaveTextContent('待拜访');
    await user.click(within(screen.getByRole('navigation', { name: '跟进状态' })).getByRole('link', { name: '已签约' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: /客户单位 1/ })).toBeNull());
    expect(env.callsTo('GET /cms/baifang/getBaifangClientList').at(-1)?.query.get('status')).toBe('2');
    // 全部拜访记录 needs the records call (ext), which this backend offers.
    expect(screen.getByRole('link', { name: '全部拜访记录' })).toHaveAttribute('href', '/m/pages/user/records');
  });
});

const CLIENT: BaifangClient = {
  id: 2,
  companyName: '客户单位 2',
  contact: '王工',
  phone: '13800138000',
  status: '2',
  nextVisitDate: null,
  remark: '',
  sourceType: 'xmk',
  sourceId: 55,
  sourceTitle: '历下区学校扩建项目',
  recordCount: 1,
  lastVisitTime: '2024-06-03 14:00:00',
  createTime: '2024-05-01 10:00:00',
  updateTime: '2024-06-01 10:00:00',
};

describe('one client on the phone', () => {
  it('shows the client and its visits, and records a new visit with the spec call', async () => {
    const env = createMemberEnv({
      'GET /cms/baifang/getBaifangClientByCid/2': () =>
        ok({
          client: CLIENT,
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
      'PUT /cms/baifang/addBaifangRecords': (call) => ok({ id: 10, companyName: '客户单位 2', ...call.body }, '新增成功'),
    });
    const added = () => env.callsTo('PUT /cms/baifang/addBaifangRecords').at(-1)?.body ?? null;
    const user = typist();
    renderPage(clientPage, '/m/pages/user/client?id=2', env);
    expect(await screen.findByRole('heading', { level: 1, name: '客户单位 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '13800138000' })).toHaveAttribute('href', 'tel:13800138000');
    expect(screen.getByRole('link', { name: '项目：历下区学校扩建项目' })).toHaveAttribute('href', '/m/pages/xmk/detail?id=55');
    expect(screen.getByText('电话确认中标')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '写拜访记录' }));
    const form = screen.getByRole('form', { name: '写拜访记录' });
    await user.click(within(form).getByRole('button', { name: '保存记录' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('请填写拜访内容');
    expect(added()).toBeNull();

    const time = within(form).getByLabelText('拜访时间');
    await user.clear(time);
    await user.type(time, '2026-11-26T15:30');
    await user.click(within(form).getByRole('radio', { name: '电话' }));
    await user.type(within(form).getByLabelText('拜访内容'), '电话沟通二期需求');
    await user.type(within(form).getByLabelText('下一步计划'), '周五送样');
    await user.selectOptions(within(form).getByLabelText('更新跟进状态'), '1');
    await user.click(within(form).getByRole('button', { name: '保存记录' }));
    await waitFor(() => expect(added()).not.toBeNull());
    expect(added()).toEqual({
      clientId: 2,
      visitTime: '2026-11-26 15:30:00',
      way: '0',
      content: '电话沟通二期需求',
      result: '',
      nextStep: '周五送样',
      status: '1',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: '写拜访记录' })).toBeNull());
    expect(feedback.success).toHaveBeenCalledWith('已记录对「客户单位 2」的拜访');
  });

  it('edits a visit in place, its own fields only, as on the desktop (ext updateBaifangRecords)', async () => {
    const env = visitEnv({
      'PUT /cms/baifang/updateBaifangRecords': (call) => ok({ ...call.body, clientId: 2, companyName: '客户单位 2' }, '修改成功'),
    });
    const user = typist();
    renderPage(clientPage, '/m/pages/user/client?id=2', env);
    const card = (await screen.findByText('电话确认中标')).closest('li') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: '编辑' }));
    const form = screen.getByRole('form', { name: '编辑拜访记录' });
    expect(within(form).getByLabelText('拜访内容')).toHaveValue('电话确认中标');
    expect(within(form).getByLabelText('拜访时间')).toHaveValue('2024-06-03T14:00');
    // A record's edit changes the record only: the client's status and next date are not offered.
    expect(within(form).queryByLabelText('更新跟进状态')).toBeNull();
    await user.clear(within(form).getByLabelText('拜访内容'));
    await user.click(within(form).getByRole('button', { name: '保存修改' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('请填写拜访内容');
    await user.type(within(form).getByLabelText('拜访内容'), '电话确认中标，约下周签约');
    await user.click(within(form).getByRole('button', { name: '保存修改' }));
    await waitFor(() => expect(env.callsTo('PUT /cms/baifang/updateBaifangRecords')).toHaveLength(1));
    expect(env.callsTo('PUT /cms/baifang/updateBaifangRecords')[0]?.body).toEqual({
      id: 9,
      visitTime: '2024-06-03 14:00:00',
      way: '0',
      content: '电话确认中标，约下周签约',
      result: '已签约',
      nextStep: '',
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: '编辑拜访记录' })).toBeNull());
    expect(feedback.success).toHaveBeenCalledWith('拜访记录已保存');
    // The client and its visits are asked again.
    await waitFor(() => expect(env.callsTo('GET /cms/baifang/getBaifangClientByCid/2').length).toBeGreaterThan(1));
  });

  it('offers no 编辑 against a backend without the visit records extension', async () => {
    renderPage(
      clientPage,
      '/m/pages/user/client?id=2',
      visitEnv(
        {},
        BASE_CAPABILITIES.filter((c) => c !== 'visitRecords'),
      ),
    );
    const card = (await screen.findByText('电话确认中标')).closest('li') as HTMLElement;
    expect(within(card).queryByRole('button', { name: '编辑' })).toBeNull();
  });

  it('answers a missing id with 404', async () => {
    const env = visitEnv();
    renderPage(clientPage, '/m/pages/user/client?id=abc', env);
    // The loader refuses it as a missing resource (the app's error page answers 404); nothing is fetched.
    expect((await screen.findAllByText(/访问资源不存在/)).length).toBeGreaterThan(0);
    expect(env.calls).toEqual([]);
  });
});

describe('拜访记录 on the phone', () => {
  it('lists every visit with its client', async () => {
    const record: BaifangRecord = {
      id: 3,
      clientId: 7,
      companyName: '济南市城市建设局',
      visitTime: '2026-11-20 10:30:00',
      way: '1',
      content: '上门拜访',
      result: '对方有意向',
      nextStep: '',
      createTime: '2026-11-20 10:30:00',
    };
    renderPage(recordsPage, '/m/pages/user/records', createMemberEnv({ 'GET /cms/baifang/getBaifangRecordsList': () => table([record]) }));
    expect(await screen.findByRole('link', { name: '济南市城市建设局' })).toHaveAttribute('href', '/m/pages/user/client?id=7');
    expect(screen.getByText('上门拜访')).toBeInTheDocument();
    expect(screen.getByText('共 1 条')).toBeInTheDocument();
  });
});
