/**
 * The phone's 变更内容: one block per changed field with 变更前 and 变更后 formatted as on the
 * desktop (万元, dates without seconds, labels for codes, — for none), links to mobile pages; and
 * the banner on a changed tender linking to the mobile change notice.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ZbDetail } from '@shared/content/types';
import { createMemberEnv, renderWith } from '../../../test/page-harness';
import { MobileChangedBanner, MobileChanges } from '../mobile/m-changes';

afterEach(cleanup);

const item = {
  id: 12,
  changes: [
    { field: 'openTime', label: '开标时间', before: '2026-12-02 09:30:00', after: '2026-12-09 09:30:00' },
    { field: 'amount', label: '预算金额', before: 1280.5, after: 1300 },
    { field: 'areaCode', label: '地区', before: '370102', after: null },
  ],
  changesAgainst: { kind: 'notice', id: 7, title: '道路改造工程施工招标公告', publishTime: '2026-11-20 09:00:00' },
  changedBy: { id: 15, publishTime: '2026-11-26 10:00:00' },
} as unknown as ZbDetail;

describe('MobileChanges', () => {
  it('lists each change with 变更前 and 变更后, formatted, against the mobile page of the original', () => {
    renderWith(() => <MobileChanges item={item} type="zb" />, createMemberEnv({}));
    const section = screen.getByRole('region', { name: '变更内容' });
    expect(within(section).getByRole('link', { name: '道路改造工程施工招标公告' })).toHaveAttribute('href', '/m/pages/zb/detail?id=7');
    const blocks = section.querySelectorAll('.m-changes-list > div');
    expect([...blocks].map((block) => block.textContent)).toEqual([
      '开标时间变更前2026-12-02 09:30变更后2026-12-09 09:30',
      '预算金额变更前1,280.5万元变更后1,300万元',
      '地区变更前济南市 历下区变更后—',
    ]);
  });

  it('shows nothing when nothing changed', () => {
    renderWith(() => <MobileChanges item={{ ...item, changes: [] }} type="zb" />, createMemberEnv({}));
    expect(screen.queryByRole('region', { name: '变更内容' })).toBeNull();
  });
});

describe('MobileChangedBanner', () => {
  it('links to the change notice on the phone', () => {
    renderWith(() => <MobileChangedBanner item={item} />, createMemberEnv({}));
    const banner = screen.getByRole('note');
    expect(banner).toHaveTextContent('本公告已于 2026-11-26 10:00 变更，请以变更后的内容为准。');
    expect(within(banner).getByRole('link', { name: '查看变更公告 ›' })).toHaveAttribute('href', '/m/pages/zb/detail?id=15');
  });
});
