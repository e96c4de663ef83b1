/**
 * 导出Excel on the phone: the member's tap asks HEAD what the file would hold, then sends
 * the browser to the file's address (no Blob, which phones do not save) and says how many rows;
 * a refusal shows the backend's own message; nothing is downloaded for an empty result.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosHttp } from '../../../lib/http/http';
import { BASE_CAPABILITIES, createMemberEnv, renderWith, type MemberEnv } from '../../../test/member-harness';
import { MobileExport } from '../components/m-export';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const assign = vi.fn();

beforeEach(() => {
  assign.mockClear();
  vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** HEAD answers `head`; a GET answers `get`. Records method and URL of each call. */
function backend(env: MemberEnv, head: { type: string; headers?: Record<string, string> }, get?: Blob): string[] {
  const asked: string[] = [];
  (env.deps.http as AxiosHttp).axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    asked.push(`${config.method?.toUpperCase()} ${config.url}`);
    const isHead = config.method === 'head';
    const data = isHead ? new Blob([], { type: head.type }) : (get ?? new Blob());
    return { data, status: 200, statusText: 'OK', headers: { 'content-type': isHead ? head.type : data.type, ...head.headers }, config };
  };
  return asked;
}

const Tenders = () => <MobileExport kind="zb" params={{ noticeType: '2', keyword: '道路' }} />;
const withExport = () => createMemberEnv({}, undefined, [...BASE_CAPABILITIES, 'export']);

describe('MobileExport', () => {
  it('lets the browser download the search’s file from its address, and says what it holds', async () => {
    const env = withExport();
    const asked = backend(env, {
      type: XLSX,
      headers: { 'x-export-rows': '120', 'x-export-truncated': '0', 'x-export-remaining': '19880' },
    });
    renderWith(Tenders, env);
    await userEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign.mock.calls[0]![0]).toMatch(/\/cms\/export\/zb\?noticeType=2&keyword=%E9%81%93%E8%B7%AF$/);
    expect(asked).toEqual([`HEAD /cms/export/zb?noticeType=2&keyword=${encodeURIComponent('道路')}`]);
    expect(await screen.findByText('已导出 120 条，今日还可导出 19880 条')).toHaveAttribute('role', 'status');
  });

  it('shows the backend’s message when it refuses, and downloads nothing', async () => {
    const env = withExport();
    const msg = '今日导出额度已用完（普通会员 20 条/天），请明天再试或升级会员';
    const asked = backend(env, { type: 'application/json' }, new Blob([JSON.stringify({ code: 403, msg })], { type: 'application/json' }));
    renderWith(Tenders, env);
    await userEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(asked.map((call) => call.split(' ')[0])).toEqual(['HEAD', 'GET']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('downloads nothing when nothing matches', async () => {
    const env = withExport();
    backend(env, { type: XLSX, headers: { 'x-export-rows': '0', 'x-export-truncated': '0', 'x-export-remaining': '20' } });
    renderWith(Tenders, env);
    await userEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    expect(await screen.findByText('没有符合条件的数据')).toHaveAttribute('role', 'status');
    expect(assign).not.toHaveBeenCalled();
  });

  it('is absent when the backend offers no export', () => {
    renderWith(Tenders, createMemberEnv({}));
    expect(screen.queryByText(/导出Excel/)).toBeNull();
  });
});
