/**
 * The newest projects (by stage) and tenders (by notice type) in tabs. The "全部" tab is in the
 * server HTML; the others load when chosen, keeping the previous rows visible meanwhile.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { RouteLink } from '../../../components/route-link';
import { xmkDetailPath, zbDetailPath } from '@shared/content/paths';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import { DICT_TYPES, type DictEntry, type DictType } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { homeXmkQueryOptions, homeZbQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { dictLabel } from '../../../lib/system';
import { DictTag, useDict } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import { regionName } from '../../../lib/region';
import { searchHref } from '../../../lib/search-href';
import { xmkTabParams, zbTabParams } from '../home-data';

interface Row {
  id: number;
  href: string;
  title: string;
  tagType: DictType;
  tag: string;
  /** County code; the row names just the county, for width. */
  areaCode: string;
  amount: number | null;
  publishTime: string;
}

function Tabs({
  id,
  entries,
  selected,
  onSelect,
  onPrefetch,
}: {
  id: string;
  entries: readonly DictEntry[];
  selected: string | undefined;
  onSelect: (value: string | undefined) => void;
  onPrefetch: (value: string | undefined) => void;
}) {
  const tabs = [{ value: undefined, label: '全部' }, ...entries.map((e) => ({ value: e.dictValue, label: e.dictLabel }))];
  return (
    <div className="home-tabs" role="tablist" aria-label="分类">
      {tabs.map((tab) => (
        <button
          key={tab.label}
          type="button"
          role="tab"
          id={`${id}-tab-${tab.value ?? 'all'}`}
          aria-controls={`${id}-panel`}
          aria-selected={tab.value === selected}
          className={tab.value === selected ? 'home-tab is-active' : 'home-tab'}
          onClick={() => onSelect(tab.value)}
          onMouseEnter={() => onPrefetch(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

function RowList({ rows, regions, stale }: { rows: readonly Row[]; regions: readonly DictEntry[]; stale: boolean }) {
  if (rows.length === 0) return <EmptyState compact />;
  return (
    <ul className={stale ? 'home-rows is-stale' : 'home-rows'}>
      {rows.map((row) => (
        <li key={row.id} className="home-row">
          <DictTag type={row.tagType} value={row.tag} />
          <RouteLink to={row.href} className="home-row-title" title={row.title}>
            {row.title}
          </RouteLink>
          <span className="home-row-region" title={regionName(regions, row.areaCode)}>
            {dictLabel(regions, row.areaCode)}
          </span>
          <span className="home-row-amount">{row.amount === null ? '' : formatWan(row.amount)}</span>
          <time className="home-row-date" dateTime={row.publishTime}>
            {parseTime(row.publishTime, 'MM-DD')}
          </time>
        </li>
      ))}
    </ul>
  );
}

function Panel({
  id,
  title,
  more,
  tabs,
  children,
}: {
  id: string;
  title: string;
  more: { href: string; label: string };
  tabs: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="home-panel" aria-labelledby={`${id}-title`}>
      <header className="home-panel-head">
        <h2 id={`${id}-title`} className="home-panel-title">
          {title}
        </h2>
        {tabs}
        <RouteLink to={more.href} className="home-panel-more">
          {more.label} ›
        </RouteLink>
      </header>
      <div id={`${id}-panel`} role="tabpanel" className="home-panel-body">
        {children}
      </div>
    </section>
  );
}

const xmkRow = (item: XmkListItem): Row => ({
  id: item.id,
  href: xmkDetailPath(item.id),
  title: item.title,
  tagType: DICT_TYPES.xmkStage,
  tag: item.stage,
  areaCode: item.areaCode,
  amount: item.investment,
  publishTime: item.publishTime,
});

const zbRow = (item: ZbListItem): Row => ({
  id: item.id,
  href: zbDetailPath(item.id),
  title: item.title,
  tagType: DICT_TYPES.zbNoticeType,
  tag: item.noticeType,
  areaCode: item.areaCode,
  amount: item.amount,
  publishTime: item.publishTime,
});

export function NewestXmk({ title = '最新项目' }: { title?: string }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<string | undefined>();
  const stages = useDict(DICT_TYPES.xmkStage);
  const regions = useDict(DICT_TYPES.region);
  const list = useQuery({ ...homeXmkQueryOptions(http, xmkTabParams(stage)), placeholderData: keepPreviousData });
  return (
    <Panel
      id="home-xmk"
      title={title}
      more={{ href: searchHref('/xmk', { stage }), label: '更多项目' }}
      tabs={
        <Tabs
          id="home-xmk"
          entries={stages}
          selected={stage}
          onSelect={setStage}
          onPrefetch={(value) => void queryClient.prefetchQuery(homeXmkQueryOptions(http, xmkTabParams(value)))}
        />
      }
    >
      <RowList rows={(list.data?.rows ?? []).map(xmkRow)} regions={regions} stale={list.isPlaceholderData} />
    </Panel>
  );
}

export function NewestZb({ title = '最新招标' }: { title?: string }) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [noticeType, setNoticeType] = useState<string | undefined>();
  const noticeTypes = useDict(DICT_TYPES.zbNoticeType);
  const regions = useDict(DICT_TYPES.region);
  const list = useQuery({ ...homeZbQueryOptions(http, zbTabParams(noticeType)), placeholderData: keepPreviousData });
  return (
    <Panel
      id="home-zb"
      title={title}
      more={{ href: searchHref('/zb', { noticeType }), label: '更多招标' }}
      tabs={
        <Tabs
          id="home-zb"
          entries={noticeTypes}
          selected={noticeType}
          onSelect={setNoticeType}
          onPrefetch={(value) => void queryClient.prefetchQuery(homeZbQueryOptions(http, zbTabParams(value)))}
        />
      }
    >
      <RowList rows={(list.data?.rows ?? []).map(zbRow)} regions={regions} stale={list.isPlaceholderData} />
    </Panel>
  );
}
