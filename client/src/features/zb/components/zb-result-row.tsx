import { Link } from 'react-router-dom';
import type { ZbListItem } from '@shared/contract/content';
import type { DictEntry } from '@shared/contract/system';
import { DICT_TYPES } from '@shared/contract/system';
import { formatCount, formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { dictLabel } from '../../../api/system';
import { DictLabel, DictTag, useDict } from '../../../components/dict-label';
import { HighlightText } from '../../../components/highlight';
import { regionName } from '../../../components/region';

/** 预算 before an award, 中标 after it (中标候选人公示, 中标结果). */
export function useAmountLabel(noticeType: string): string {
  return dictLabel(useDict(DICT_TYPES.zbNoticeType), noticeType).includes('中标') ? '中标金额' : '预算金额';
}

/** One tender in the search results: notice type, highlighted title, where, who, how much, when. */
export function ZbResultRow({ item, regions }: { item: ZbListItem; regions: readonly DictEntry[] }) {
  const amountLabel = useAmountLabel(item.noticeType);
  return (
    <li className="result-item">
      <div className="result-main">
        <h2 className="result-title">
          <DictTag type={DICT_TYPES.zbNoticeType} value={item.noticeType} />
          <Link to={`/zb/${item.id}`} title={item.title}>
            <HighlightText html={item.highlightTitle} />
          </Link>
        </h2>
        <p className="result-meta">
          <span>地区：{regionName(regions, item.areaCode)}</span>
          <span>
            行业：
            <DictLabel type={DICT_TYPES.industry} value={item.industry} />
          </span>
          <span className="result-meta-wide">招标人：{item.tenderer || '—'}</span>
          {item.signupDeadline ? <span>报名截止：{parseTime(item.signupDeadline, 'YYYY-MM-DD')}</span> : null}
        </p>
      </div>
      <div className="result-side">
        <span className="result-amount">{formatWan(item.amount)}</span>
        <span className="result-side-label">{amountLabel}</span>
        <span className="result-date">
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'YYYY-MM-DD')}</time>
          <span className="result-views" aria-label={`浏览 ${item.views} 次`}>
            {formatCount(item.views)} 浏览
          </span>
        </span>
      </div>
    </li>
  );
}
