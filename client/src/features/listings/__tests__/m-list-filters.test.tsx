/**
 * The phone lists' filter sheet offers what the desktop panel offers (county, several cities,
 * 未截止, 开标 dates, exclude words, title scope, sort) and writes the same query keys; tender rows
 * show 报名截止.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ZbListItem } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { nextDaysEnd } from '@shared/date-presets';
import { parseTime } from '@shared/time';
import { systemKeys } from '../../../lib/system';
import { renderPage, table, typist, where } from '../../../test/page-harness';
import { setup } from './list-harness';
import * as mZbListPage from '../mobile/m-zb-list-page';
import * as mXmkListPage from '../mobile/m-xmk-list-page';

vi.mock('../../../lib/feedback', () => ({ feedback: { success: vi.fn(), error: vi.fn(), notifyError: vi.fn(), preload: vi.fn() } }));

afterEach(cleanup);

const dict = (dictValue: string, dictLabel: string) => ({
  dictCode: 0,
  dictSort: 0,
  dictLabel,
  dictValue,
  dictType: DICT_TYPES.region,
  cssClass: null,
  listClass: 'default',
  isDefault: 'N',
  status: '0',
  remark: null,
});

const tender = (id: number, signupDeadline: string | null): ZbListItem => ({
  id,
  title: `青岛市学校工程招标公告 ${id}`,
  highlightTitle: `青岛市学校工程招标公告 ${id}`,
  areaCode: '370202',
  cityCode: '370200',
  industry: '1',
  publishTime: '2026-11-26 09:00:00',
  views: 3,
  noticeType: '2',
  amount: 120,
  tenderer: '青岛市教育局',
  signupDeadline,
});

function phoneEnv() {
  const env = setup({
    extra: {
      'GET /api/zb/search': () => table([tender(901, '2099-01-05 17:00:00'), tender(902, '2020-01-05 17:00:00'), tender(903, null)]),
    },
  });
  env.deps.queryClient.setQueryData(systemKeys.dict(DICT_TYPES.region), [
    dict('370100', '济南市'),
    dict('370102', '历下区'),
    dict('370103', '市中区'),
    dict('370200', '青岛市'),
    dict('370202', '市南区'),
  ]);
  return env;
}

describe('the phone tender list', () => {
  it('filters like the desktop: county, 未截止, 开标 dates, exclude words, title scope and sort, with the same keys', async () => {
    const env = phoneEnv();
    const user = typist();
    renderPage(mZbListPage, '/m/pages/zb/index', env);
    await user.click(await screen.findByRole('button', { name: '筛选' }));
    const sheet = screen.getByRole('dialog', { name: '筛选' });
    await user.click(within(within(sheet).getByRole('group', { name: '地区' })).getByRole('button', { name: '济南市' }));
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '区县' })).getByRole('radio', { name: '历下区' }));
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '报名截止' })).getByRole('radio', { name: '未截止' }));
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '开标时间' })).getByRole('radio', { name: '未来7天' }));
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '搜索范围' })).getByRole('radio', { name: '标题' }));
    await user.type(within(sheet).getByLabelText('排除词'), '监理');
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '排序' })).getByRole('radio', { name: '金额' }));
    await user.click(within(within(sheet).getByRole('radiogroup', { name: '排序方向' })).getByRole('radio', { name: '升序' }));
    const today = parseTime(Date.now(), 'YYYY-MM-DD');
    await user.click(within(sheet).getByRole('button', { name: '查看结果' }));
    const expected = new URLSearchParams({
      scope: 'title',
      exclude: '监理',
      areaCode: '370102',
      signup: 'open',
      openBegin: today,
      openEnd: nextDaysEnd(today, 7),
      orderBy: 'amount',
      isAsc: 'asc',
    });
    await waitFor(() => expect(where(screen)).toHaveTextContent(`/m/pages/zb/index?${expected.toString()}`));
    // The search call carries them under the API's own names.
    await waitFor(() => expect(env.callsTo('GET /api/zb/search').at(-1)?.query.get('signup')).toBe('open'));
    const query = env.callsTo('GET /api/zb/search').at(-1)!.query;
    for (const [key, value] of expected) expect(query.get(key), key).toBe(value);
  });

  it('chooses several cities', async () => {
    const env = phoneEnv();
    const user = typist();
    renderPage(mZbListPage, '/m/pages/zb/index', env);
    await user.click(await screen.findByRole('button', { name: '筛选' }));
    const cities = within(screen.getByRole('dialog', { name: '筛选' })).getByRole('group', { name: '地区' });
    await user.click(within(cities).getByRole('button', { name: '青岛市' }));
    await user.click(within(cities).getByRole('button', { name: '济南市' }));
    expect(within(cities).getByRole('button', { name: '济南市' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('radiogroup', { name: '区县' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '查看结果' }));
    await waitFor(() => expect(where(screen)).toHaveTextContent('/m/pages/zb/index?areaCode=370100%2C370200'));
  });

  it('shows 报名截止 on the rows: time left, closed, or nothing when the tender states none', async () => {
    renderPage(mZbListPage, '/m/pages/zb/index', phoneEnv());
    const row = async (id: number) => (await screen.findByText(`青岛市学校工程招标公告 ${id}`)).closest('li') as HTMLElement;
    expect(await row(901)).toHaveTextContent(/报名截止 01-05（剩 \d+ 天）/);
    expect(await row(902)).toHaveTextContent('报名截止 01-05（已截止）');
    expect(await row(903)).not.toHaveTextContent('报名截止');
  });
});

describe('the phone project list', () => {
  it('offers the desktop rows: 项目性质 too, and the sorts of projects', async () => {
    const env = setup({ extra: { 'GET /api/xmk/search': () => table([]) } });
    const user = typist();
    renderPage(mXmkListPage, '/m/pages/xmk/index', env);
    await user.click(await screen.findByRole('button', { name: '筛选' }));
    const sheet = screen.getByRole('dialog', { name: '筛选' });
    for (const name of ['行业', '项目阶段', '项目性质', '投资额', '发布时间', '搜索范围', '排序'])
      expect(within(sheet).getByRole('radiogroup', { name })).toBeInTheDocument();
    expect(within(within(sheet).getByRole('radiogroup', { name: '排序' })).getByRole('radio', { name: '投资额' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('radiogroup', { name: '报名截止' })).toBeNull();
  });
});
