/**
 * Beside a CMS whose detail answer has no lifecycle, the detail pages (desktop and phone) take it
 * from the extensions' backend's `noticeTimeline` call in their loader, so the first render shows
 * 变更内容 and the process; without the capability nothing is asked, and a failing call shows nothing.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZbNoticeTimeline } from '@shared/content/notices';
import type { Feature } from '@shared/system/features';
import { DICT_TYPES, type DictType } from '@shared/system/types';
import { systemKeys } from '../../../lib/system';
import { createMemberEnv, ok, renderPage } from '../../../test/page-harness';
import * as desktopPage from '../pages/zb-detail-page';
import * as mobilePage from '../mobile/m-zb-detail-page';
import { consortiumAward, specOnly } from './award-fixtures';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const detail = specOnly(consortiumAward);
const TIMELINE_CALL = `GET /api/ext/notices/zb/${detail.id}/timeline`;

const timeline: ZbNoticeTimeline = {
  lifecycle: {
    processCode: 'LCJS-EPC-2026-0031',
    notices: [{ id: detail.id, noticeType: '5', title: detail.title, publishTime: detail.publishTime }],
  },
  changes: [{ field: 'winAmount', label: '中标金额', before: 4700, after: 4712.39 }],
  changesAgainst: { kind: 'version', version: 1, changedBy: 'import', changeTime: '2026-03-31 09:00:00' },
  bodyDiff: null,
  changedBy: null,
};

function environment(capabilities: Feature[], answer: Parameters<typeof createMemberEnv>[0][string] = () => ok(timeline)) {
  const env = createMemberEnv(
    {
      [`GET /cms/bidding/data/${detail.id}`]: () => ok(detail),
      [`GET /cms/favorite/${detail.id}`]: () => ok({ type: 'zb', dataId: detail.id, favorited: false }),
      [TIMELINE_CALL]: answer,
    },
    undefined,
    capabilities,
  );
  for (const type of Object.values(DICT_TYPES) as DictType[]) {
    if (!env.deps.queryClient.getQueryData(systemKeys.dict(type))) env.deps.queryClient.setQueryData(systemKeys.dict(type), []);
  }
  return env;
}

async function show(site: 'desktop' | 'phone', env: ReturnType<typeof environment>) {
  if (site === 'desktop') renderPage(desktopPage, `/zb/${detail.id}`, env, '/zb/:id');
  else renderPage(mobilePage, `/m/pages/zb/detail?id=${detail.id}`, env);
  await screen.findByRole('heading', { level: 1, name: detail.title });
}

describe.each(['desktop', 'phone'] as const)('the %s tender detail beside a CMS', (site) => {
  it('shows 变更内容 from the noticeTimeline call, asked once, by the loader', async () => {
    const env = environment(['lifecycle', 'noticeTimeline']);
    await show(site, env);
    // Rendered with the first paint: the loader fetched it (the server's render does the same).
    expect(screen.getByText('变更内容')).toBeInTheDocument();
    expect(document.querySelector('.changes-before')).toHaveTextContent('4,700万元');
    expect(document.querySelector('.changes-after')).toHaveTextContent('4,712.39万元');
    expect(env.callsTo(TIMELINE_CALL)).toHaveLength(1);
  });

  it('asks nothing without the capability, and shows no lifecycle', async () => {
    const env = environment(['lifecycle']);
    await show(site, env);
    expect(env.callsTo(TIMELINE_CALL)).toHaveLength(0);
    expect(screen.queryByText('变更内容')).toBeNull();
  });

  it('shows nothing, and no error, when the call fails', async () => {
    const env = environment(['lifecycle', 'noticeTimeline'], () => ({ code: 404, msg: '招标信息不存在或已删除' }));
    await show(site, env);
    expect(env.callsTo(TIMELINE_CALL)).toHaveLength(1);
    expect(screen.queryByText('变更内容')).toBeNull();
    expect(document.body).not.toHaveTextContent('招标信息不存在或已删除');
  });
});
