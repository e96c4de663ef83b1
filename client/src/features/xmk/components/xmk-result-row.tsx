import { Link } from 'react-router-dom';
import type { XmkListItem } from '@shared/contract/content';
import type { DictEntry } from '@shared/contract/system';
import { DICT_TYPES } from '@shared/contract/system';
import { formatCount, formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { DictLabel, DictTag } from '../../../components/dict-label';
import { HighlightText } from '../../../components/highlight';
import { regionName } from '../../../components/region';

/** One project in the search results: stage, highlighted title, where, what, who, how much, when. */
export function XmkResultRow({ item, regions }: { item: XmkListItem; regions: readonly DictEntry[] }) {
  return (
    <li className="result-item">
      <div className="result-main">
        <h2 className="result-title">
          <DictTag type={DICT_TYPES.xmkStage} value={item.stage} />
          <Link to={`/xmk/${item.id}`} title={item.title}>
            <HighlightText html={item.highlightTitle} />
          </Link>
        </h2>
        <p className="result-meta">
          <span>地区：{regionName(regions, item.areaCode)}</span>
          <span>
            行业：
            <DictLabel type={DICT_TYPES.industry} value={item.industry} />
          </span>
          <span>
            性质：
            <DictLabel type={DICT_TYPES.xmkNature} value={item.nature} />
          </span>
          <span className="result-meta-wide">建设单位：{item.owner || '—'}</span>
        </p>
      </div>
      <div className="result-side">
        <span className="result-amount">{formatWan(item.investment)}</span>
        <span className="result-side-label">投资总额</span>
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
