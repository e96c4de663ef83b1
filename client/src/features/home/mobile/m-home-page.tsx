/** /m/ 手机版首页: search, today's counts, and the newest projects and tenders in tabs. */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { DICT_TYPES } from '@shared/system/types';
import { MOBILE_PATHS } from '@shared/routes';
import { homeXmkQueryOptions, homeZbQueryOptions, todayXmkQueryOptions, todayZbQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { usePathAvailable } from '../../../lib/capabilities';
import { prefetchDicts } from '../../../lib/system';
import type { PageLoadArgs } from '../../../lib/page';
import { MobileHead } from '../../../components/mobile/m-parts';
import { useDicts } from '../../../components/dict-label';
import { XmkRow, ZbRow } from '../../listings/components/m-rows';

const NEWEST = { pageNum: 1, pageSize: 10 } as const;
const ROW_DICTS = [DICT_TYPES.region, DICT_TYPES.xmkStage, DICT_TYPES.zbNoticeType];

export async function load({ deps: { queryClient, http } }: PageLoadArgs) {
  await Promise.all([
    queryClient.ensureQueryData(todayXmkQueryOptions(http)),
    queryClient.ensureQueryData(todayZbQueryOptions(http)),
    queryClient.ensureQueryData(homeXmkQueryOptions(http, NEWEST)),
    queryClient.ensureQueryData(homeZbQueryOptions(http, NEWEST)),
    prefetchDicts(queryClient, http, ROW_DICTS),
  ]);
}

type Section = 'xmk' | 'zb';

export function Component() {
  const http = useHttp();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Section>('zb');
  const available = usePathAvailable();
  const [keyword, setKeyword] = useState('');
  const todayXmk = useSuspenseQuery(todayXmkQueryOptions(http)).data;
  const todayZb = useSuspenseQuery(todayZbQueryOptions(http)).data;
  const xmk = useSuspenseQuery(homeXmkQueryOptions(http, NEWEST)).data;
  const zb = useSuspenseQuery(homeZbQueryOptions(http, NEWEST)).data;
  const dict = useDicts(ROW_DICTS);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const list = tab === 'xmk' ? MOBILE_PATHS.xmkList : MOBILE_PATHS.zbList;
    const value = keyword.trim();
    void navigate(value ? `${list}?keyword=${encodeURIComponent(value)}` : list);
  };

  return (
    <div className="m-home">
      <MobileHead />
      <h1 className="m-visually-hidden">项目与招标信息</h1>
      <form className="m-search" role="search" onSubmit={onSearch}>
        <input
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={tab === 'xmk' ? '搜索项目名称、建设单位' : '搜索招标公告、招标人'}
          aria-label="搜索关键词"
          maxLength={50}
        />
        <button type="submit" className="m-button m-button-primary">
          搜索
        </button>
      </form>
      <section className="m-today" aria-label="今日更新">
        <RouteLink to={MOBILE_PATHS.xmkList} className="m-today-item">
          <strong>{todayXmk.today}</strong>
          <span>今日新增项目</span>
        </RouteLink>
        <RouteLink to={MOBILE_PATHS.zbList} className="m-today-item">
          <strong>{todayZb.today}</strong>
          <span>今日新增招标</span>
        </RouteLink>
      </section>
      <div className="m-tabs" role="tablist" aria-label="最新信息">
        {(
          [
            ['zb', '最新招标'],
            ['xmk', '最新项目'],
          ] as const
        ).map(([value, label]) => (
          <button
            key={value}
            type="button"
            role="tab"
            id={`m-tab-${value}`}
            aria-selected={tab === value}
            aria-controls="m-home-panel"
            className="m-tab-button"
            onClick={() => setTab(value)}
          >
            {label}
          </button>
        ))}
      </div>
      <div id="m-home-panel" role="tabpanel" aria-labelledby={`m-tab-${tab}`}>
        <ul className="m-list">
          {tab === 'zb'
            ? zb.rows.map((item) => <ZbRow key={item.id} item={item} dict={dict} />)
            : xmk.rows.map((item) => <XmkRow key={item.id} item={item} dict={dict} />)}
        </ul>
        <RouteLink className="m-button m-button-block" to={tab === 'zb' ? MOBILE_PATHS.zbList : MOBILE_PATHS.xmkList}>
          {tab === 'zb' ? '查看全部招标' : '查看全部项目'}
        </RouteLink>
      </div>
      {available(MOBILE_PATHS.openData) ? (
        <p className="m-muted m-home-more">
          <RouteLink to={MOBILE_PATHS.openData}>开放数据（OCDS）</RouteLink>
        </p>
      ) : null}
    </div>
  );
}
