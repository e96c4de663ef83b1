import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BaifangClient } from '@shared/visit/types';
import { ClientFormModal } from '../components/client-form';
import { createMemberEnv, ok, renderWith, table, type Answer, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const CLIENT: BaifangClient = {
  id: 7,
  companyName: '济南市城市建设局',
  contact: '王工',
  phone: '0531-88886666',
  status: '1',
  nextVisitDate: '2024-06-20',
  remark: '关注施工招标',
  sourceType: 'manual',
  sourceId: null,
  sourceTitle: null,
  recordCount: 2,
  lastVisitTime: '2024-06-01 10:00:00',
  createTime: '2024-05-01 10:00:00',
  updateTime: '2024-06-01 10:00:00',
};

const saved: Answer = (call) => ok({ ...CLIENT, ...call.body, id: 9 }, '新增成功');

function open(client: BaifangClient | null, answers: Record<string, Answer> = {}) {
  const env = createMemberEnv({
    'GET /cms/favorite/list/': () =>
      table([
        {
          id: 1,
          type: 'xmk',
          dataId: 55,
          title: '历下区学校扩建项目',
          areaCode: '370102',
          category: '4',
          publishTime: '2024-06-01 09:00:00',
          createTime: '',
          isCancel: 0,
          followed: false,
        },
      ]),
    'GET /cms/baifang/getUserCompany/55': () =>
      ok([
        { role: '建设单位', companyName: '济南市历下区教育和体育局', contact: '张**', phone: '138****5678', exists: false },
        { role: '招标人', companyName: '济南市城市建设局', contact: '', phone: '', exists: true },
        { role: '联系单位', companyName: '山东****有限公司', contact: '李*', phone: '139****1234', exists: false },
      ]),
    'PUT /cms/baifang/addBaifangClient': saved,
    'PUT /cms/baifang/updateBaifangClient': saved,
    ...answers,
  });
  const onClose = vi.fn();
  renderWith(() => <ClientFormModal client={client} onClose={onClose} />, env);
  return { env, onClose };
}

const dialog = () => screen.getByRole('dialog');

describe('new client typed in', () => {
  it('says in Chinese what is wrong and sends nothing', async () => {
    const { env } = open(null);
    const user = typist();
    await user.click(within(dialog()).getByText('手动填写'));
    await user.type(within(dialog()).getByLabelText('联系电话'), '12ab');
    await user.click(within(dialog()).getByRole('button', { name: '新增客户' }));
    expect(await screen.findByText('请输入客户单位名称')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的电话号码（手机、带区号的座机或 400/800 号码）')).toBeInTheDocument();
    expect(env.callsTo('PUT /cms/baifang/addBaifangClient')).toHaveLength(0);
  });

  it('keeps what was typed and says why when the backend refuses', async () => {
    const { env, onClose } = open(null, { 'PUT /cms/baifang/addBaifangClient': () => ({ code: 500, msg: '客户已存在' }) });
    const user = typist();
    await user.click(within(dialog()).getByText('手动填写'));
    await user.type(within(dialog()).getByLabelText('客户单位'), '济南市城市建设局');
    await user.type(within(dialog()).getByLabelText('联系人'), '王工');
    await user.click(within(dialog()).getByRole('button', { name: '新增客户' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('客户已存在');
    expect(within(dialog()).getByLabelText('客户单位')).toHaveValue('济南市城市建设局');
    expect(within(dialog()).getByLabelText('联系人')).toHaveValue('王工');
    expect(onClose).not.toHaveBeenCalled();
    expect(env.callsTo('PUT /cms/baifang/addBaifangClient')[0]?.body).toMatchObject({
      companyName: '济南市城市建设局',
      contact: '王工',
      sourceType: 'manual',
    });
  });
});

describe('new client from a project', () => {
  it('offers the favourited projects, then the project’s companies, and fills the form from the choice', async () => {
    const { env, onClose } = open(null);
    const user = typist();
    await user.click(await within(dialog()).findByRole('button', { name: /历下区学校扩建项目/ }));
    expect(env.callsTo('GET /cms/favorite/list/')[0]?.query.get('type')).toBe('xmk');

    await within(dialog()).findByText('济南市历下区教育和体育局');
    const companies = within(dialog()).getAllByRole('listitem');
    expect(companies[1]).toHaveTextContent('已在跟进');
    expect(within(companies[1] as HTMLElement).queryByRole('button', { name: '选择' })).toBeNull();
    // A contact company the member has not unlocked comes masked: nothing to follow up by that name.
    expect(companies[2]).toHaveTextContent('查看联系方式后可跟进');
    expect(within(companies[2] as HTMLElement).queryByRole('button', { name: '选择' })).toBeNull();
    await user.click(within(companies[0] as HTMLElement).getByRole('button', { name: '选择' }));

    expect(within(dialog()).getByLabelText('客户单位')).toHaveValue('济南市历下区教育和体育局');
    // Masked contacts are nobody to call: left for the member to fill in.
    expect(within(dialog()).getByLabelText('联系人')).toHaveValue('');
    expect(within(dialog()).getByRole('link', { name: '历下区学校扩建项目' })).toHaveAttribute('href', '/xmk/55');

    await user.click(within(dialog()).getByRole('button', { name: '新增客户' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(env.callsTo('PUT /cms/baifang/addBaifangClient')[0]?.body).toEqual({
      companyName: '济南市历下区教育和体育局',
      contact: '',
      phone: '',
      status: '0',
      nextVisitDate: null,
      remark: '',
      sourceType: 'xmk',
      sourceId: 55,
    });
  });
});

describe('editing a client', () => {
  it('starts from the client and saves it under its id', async () => {
    const { env, onClose } = open(CLIENT);
    const user = typist();
    const name = within(dialog()).getByLabelText('客户单位');
    expect(name).toHaveValue('济南市城市建设局');
    expect(within(dialog()).getByLabelText('备注')).toHaveValue('关注施工招标');
    await user.clear(within(dialog()).getByLabelText('联系人'));
    await user.type(within(dialog()).getByLabelText('联系人'), '李工');
    await user.click(within(dialog()).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(env.callsTo('PUT /cms/baifang/updateBaifangClient')[0]?.body).toEqual({
      id: 7,
      companyName: '济南市城市建设局',
      contact: '李工',
      phone: '0531-88886666',
      status: '1',
      nextVisitDate: '2024-06-20',
      remark: '关注施工招标',
    });
  });
});
