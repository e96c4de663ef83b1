import { RouteLink } from '../../../components/route-link';
import { formatCount, formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { dictLabel } from '../../../lib/system';
import { EntryTag, type DictLookup } from '../../../components/dict-label';
import { FavoriteStar } from './favorite-button';
import { HighlightText } from '../../../components/highlight';
import { NewBadge } from './new-badge';
import type { ContentType } from '@shared/contract/common';
import { detailPath } from '@shared/content/paths';
import type { ListRow, RowConfig } from '../listing-config';

/**
 * One item in the search results: tag, 新 (published since the last visit), highlighted title, the
 * type's fields, amount, date, views, and the 收藏 star.
 */
export function ResultRow<Row extends ListRow>({
  type,
  config,
  item,
  dict,
  now,
}: {
  type: ContentType;
  config: RowConfig<Row>;
  item: Row;
  /** The list's dictionaries, read once for all its rows. */
  dict: DictLookup;
  now: number;
}) {
  const tagValue = config.tag.value(item);
  const tagEntries = dict(config.tag.type);
  const tagLabel = dictLabel(tagEntries, tagValue);
  return (
    <li className="result-item">
      <div className="result-main">
        <h2 className="result-title">
          <EntryTag entries={tagEntries} value={tagValue} />
          <NewBadge publishTime={item.publishTime} />
          <RouteLink to={detailPath(type, item.id)} title={item.title}>
            <HighlightText html={item.highlightTitle} />
          </RouteLink>
        </h2>
        {item.snippet ? (
          <p className="result-snippet">
            <HighlightText html={item.snippet} />
          </p>
        ) : null}
        <p className="result-meta">
          {config.fields(item, dict, now).map((field) => (
            <span key={field.label} className={field.wide ? 'result-meta-wide' : field.className}>
              {`${field.label}：`}
              {field.value}
            </span>
          ))}
        </p>
      </div>
      <div className="result-side">
        <span className="result-amount">{formatWan(config.amount(item))}</span>
        <span className="result-side-label">{config.amountLabel(item, tagLabel)}</span>
        <span className="result-date">
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'YYYY-MM-DD')}</time>
          <span className="result-views" aria-label={`浏览 ${item.views} 次`}>
            {formatCount(item.views)} 浏览
          </span>
        </span>
      </div>
      <div className="result-star">
        <FavoriteStar type={type} id={item.id} title={item.title} />
      </div>
    </li>
  );
}
