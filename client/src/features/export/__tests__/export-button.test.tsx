/**
 * 导出Excel: the member's click downloads the file under its Chinese name, says when the
 * file was cut to the day's quota, shows the quota's own message when refused, and the button is
 * absent when the backend has no 'export' feature.
 */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosHttp } from '../../../lib/http/http';
import { feedback } from '../../../lib/feedback';
import { BASE_CAPABILITIES, createMemberEnv, renderWith, type MemberEnv } from '../../../test/member-harness';
import { ExportButton } from '../components/export-button';

vi.mock('../../../lib/feedback', () => ({
  feedback: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), notifyError: vi.fn(), preload: vi.fn() },
}));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const saved: { name: string; href: string }[] = [];

beforeEach(() => {
  saved.length = 0;
  vi.mocked(feedback.success).mockClear();
  vi.mocked(feedback.warning).mockClear();
  vi.mocked(feedback.error).mockClear();
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The export call answers `blob` with `headers`; it records the URL asked for. */
function withExport(env: MemberEnv, blob: Blob, headers: Record<string, string> = {}): string[] {
  const asked: string[] = [];
  (env.deps.http as AxiosHttp).axios.defaults.adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    asked.push(config.url ?? '');
    return { data: blob, status: 200, statusText: 'OK', headers, config };
  };
  return asked;
}

const Favorites = () => <ExportButton kind="favorites" params={{ type: 'zb' }} />;

describe('ExportButton', () => {
  it('downloads the file under its Chinese name, and says when it was cut to the quota', async () => {
    const env = createMemberEnv({}, undefined, [...BASE_CAPABILITIES, 'export']);
    const asked = withExport(env, new Blob(['PK'], { type: XLSX }), {
      'content-disposition': `attachment; filename="favorites-20240611.xlsx"; filename*=UTF-8''${encodeURIComponent('我的收藏_20240611.xlsx')}`,
      'x-export-rows': '20',
      'x-export-truncated': '1',
      'x-export-remaining': '0',
    });
    renderWith(Favorites, env);
    await userEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(saved).toEqual([{ name: '我的收藏_20240611.xlsx', href: 'blob:export' }]));
    expect(asked).toEqual(['/cms/export/favorites?type=zb']);
    expect(feedback.warning).toHaveBeenCalledWith('已达今日导出额度，本次导出前 20 条');
  });

  it('shows the quota’s message when the backend refuses, and saves nothing', async () => {
    const env = createMemberEnv({}, undefined, [...BASE_CAPABILITIES, 'export']);
    const msg = '今日导出额度已用完（普通会员 20 条/天），请明天再试或升级会员';
    withExport(env, new Blob([JSON.stringify({ code: 403, msg })], { type: 'application/json' }));
    renderWith(Favorites, env);
    await userEvent.click(screen.getByRole('button', { name: '导出Excel' }));
    await waitFor(() => expect(feedback.error).toHaveBeenCalledWith(msg));
    expect(saved).toEqual([]);
  });

  it('is absent when the backend offers no export', () => {
    renderWith(Favorites, createMemberEnv({}));
    expect(screen.queryByRole('button', { name: '导出Excel' })).toBeNull();
    expect(screen.queryByText(/导出Excel/)).toBeNull();
  });
});
