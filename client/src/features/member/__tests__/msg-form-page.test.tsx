import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MsgItem } from '@shared/content/types';
import * as msgPage from '../pages/msg-form-page';
import { createMemberEnv, ok, renderPage, table, type Answer, typist } from '../../../test/member-harness';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const message = (id: number, patch: Partial<MsgItem> = {}): MsgItem => ({
  id,
  name: '演示用户',
  phone: '13800138000',
  email: null,
  content: `留言 ${id}`,
  source: 'member',
  createTime: '2024-06-10 09:00:00',
  reply: null,
  replyTime: null,
  ...patch,
});

function setup(addMsg: Answer = () => ({ code: 200, msg: '留言成功，我们会尽快与您联系' })) {
  const messages = [message(2, { reply: '您好，已为您处理。', replyTime: '2024-06-10 12:00:00' }), message(1)];
  const env = createMemberEnv({
    'GET /cms/msgForm/getMsgList': () => table(messages),
    'GET /cms/baifang/getGJNum': () => ok({ total: 0, byStatus: { 0: 0, 1: 0, 2: 0, 3: 0 }, due: 0, records: 0 }),
    'PUT /api/cms/addMsg': (call) => {
      const answer = addMsg(call);
      if ('code' in answer && answer.code === 200) messages.unshift(message(3, { content: String(call.body.content) }));
      return answer;
    },
  });
  renderPage(msgPage, '/user/msgForm', env);
  return env;
}

describe('/user/msgForm', () => {
  it('shows the member’s messages with the staff’s replies', async () => {
    setup();
    const replied = (await screen.findByText('留言 2')).closest('li') as HTMLElement;
    expect(within(replied).getByText('已回复')).toBeInTheDocument();
    expect(within(replied).getByText('您好，已为您处理。')).toBeInTheDocument();
    const waiting = screen.getByText('留言 1').closest('li') as HTMLElement;
    expect(within(waiting).getByText('待回复')).toBeInTheDocument();
  });

  it('sends a message from the member centre, clears only the text, and lists it', async () => {
    const env = setup();
    const form = await screen.findByRole('region', { name: '给客服留言' });
    expect(within(form).getByLabelText('姓名')).toHaveValue('演示用户');
    const user = typist();
    await user.type(within(form).getByLabelText('留言内容'), '积分什么时候到账？');
    await user.click(within(form).getByRole('button', { name: '提交留言' }));
    await waitFor(() => expect(within(form).getByLabelText('留言内容')).toHaveValue(''));
    expect(within(form).getByLabelText('姓名')).toHaveValue('演示用户');
    expect(env.callsTo('PUT /api/cms/addMsg')[0]?.body).toEqual({
      name: '演示用户',
      phone: '13800138000',
      email: 'demo@example.com',
      content: '积分什么时候到账？',
      source: 'member',
    });
    expect(await screen.findByText('积分什么时候到账？')).toBeInTheDocument();
  });

  it('needs the text, and keeps it when the backend refuses', async () => {
    const env = setup(() => ({ code: 500, msg: 'phone 必须是手机号码、带区号的固定电话或 400/800 号码' }));
    const form = await screen.findByRole('region', { name: '给客服留言' });
    const user = typist();
    await user.click(within(form).getByRole('button', { name: '提交留言' }));
    expect(await within(form).findByText('请填写留言内容')).toBeInTheDocument();
    expect(env.callsTo('PUT /api/cms/addMsg')).toHaveLength(0);

    await user.type(within(form).getByLabelText('留言内容'), '请联系我');
    await user.click(within(form).getByRole('button', { name: '提交留言' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('phone 必须是手机号码、带区号的固定电话或 400/800 号码');
    expect(within(form).getByLabelText('留言内容')).toHaveValue('请联系我');
  });
});
