import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContactAccess, ContactBlock as Contact } from '@shared/content/types';
import type { Http } from '../../../lib/http/http';
import { HttpProvider } from '../../../lib/http/context';
import { LOGGED_OUT, SessionProvider, createSessionStore } from '../../../lib/session';
import { ContactBlock } from '../components/contact-block';

afterEach(cleanup);

const masked: Contact = { company: '济南市**建设有限公司', contact: '王**', phone: '138****0000', address: '济南市历下区****' };

function renderBlock(access: ContactAccess['contactAccess']) {
  const detail = { contact: masked, contactMasked: true, contactAccess: access, unlockCost: 10, hasContact: true };
  const element = <ContactBlock type="zb" id={5} detail={detail} />;
  render(
    <QueryClientProvider client={new QueryClient()}>
      <HttpProvider http={{} as Http}>
        <SessionProvider store={createSessionStore(LOGGED_OUT)}>
          <RouterProvider router={createMemoryRouter([{ path: '*', element }], { initialEntries: ['/zb/5'] })} />
        </SessionProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
}

describe('contact block: what unlocks the masked contacts', () => {
  it('tells a visitor that logging in is not enough: VIP sees them, a free member pays points per item', async () => {
    renderBlock('visitor');
    const prompt = (await screen.findByRole('link', { name: '登录查看' })).closest('.contact-prompt') as HTMLElement;
    expect(prompt).toHaveTextContent('登录后可用 10 积分查看本条');
    expect(prompt).toHaveTextContent('短期会员与 VIP 会员可直接查看全部联系方式');
    expect(prompt).not.toHaveTextContent('登录后可查看完整信息');
  });
});
