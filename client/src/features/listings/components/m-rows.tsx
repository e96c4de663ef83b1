/** Result rows of the mobile lists, home tabs and member lists. */
import { Link } from 'react-router-dom';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import { DictLabel, useDict } from '../../../components/dict-label';
import { FavoriteStar } from './favorite-button';
import { HighlightText } from '../../../components/highlight';
import { NewBadge } from './new-badge';
import { regionName } from '../../../lib/region';
import { amountLabelOf } from '@shared/content/zb-notice';
import { mobileDetailPath } from '@shared/content/paths';
import { dictLabel } from '../../../lib/system';
import { signupDeadlineLabel } from '../signup-deadline';

/** With `star`, the row carries the 收藏 star (the mobile lists); 新 shows on every row. */
interface RowProps<Item> {
  item: Item;
  star?: boolean;
}

/**
 * A tender row; with `now` (render-stable: when the list was fetched) its 报名截止 says how long
 * is left, without it the date alone.
 */
interface ZbRowProps extends RowProps<ZbListItem> {
  now?: number;
}

function SignupDeadline({ deadline, now }: { deadline: string | null; now: number | undefined }) {
  if (!deadline) return null;
  const label = now === undefined ? null : signupDeadlineLabel(deadline, now, 'MM-DD');
  return (
    <span className={label?.closed ? 'm-row-deadline is-closed' : 'm-row-deadline'}>
      报名截止 {label ? label.text : parseTime(deadline, 'MM-DD')}
    </span>
  );
}

export function XmkRow({ item, star = false }: RowProps<XmkListItem>) {
  const regions = useDict(DICT_TYPES.region);
  return (
    <li className={star ? 'm-row has-star' : 'm-row'}>
      <Link to={mobileDetailPath('xmk', item.id)} className="m-row-link">
        <span className="m-row-title">
          <NewBadge publishTime={item.publishTime} />
          <HighlightText html={item.highlightTitle} />
        </span>
        <span className="m-row-meta">
          <span className="m-tag">
            <DictLabel type={DICT_TYPES.xmkStage} value={item.stage} />
          </span>
          <span>{regionName(regions, item.areaCode)}</span>
          <span>投资 {formatWan(item.investment)}</span>
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'MM-DD')}</time>
        </span>
      </Link>
      {star ? <FavoriteStar type="xmk" id={item.id} title={item.title} /> : null}
    </li>
  );
}

export function ZbRow({ item, star = false, now }: ZbRowProps) {
  const regions = useDict(DICT_TYPES.region);
  const noticeType = dictLabel(useDict(DICT_TYPES.zbNoticeType), item.noticeType);
  return (
    <li className={star ? 'm-row has-star' : 'm-row'}>
      <Link to={mobileDetailPath('zb', item.id)} className="m-row-link">
        <span className="m-row-title">
          <NewBadge publishTime={item.publishTime} />
          <HighlightText html={item.highlightTitle} />
        </span>
        <span className="m-row-meta">
          <span className="m-tag">{noticeType}</span>
          <span>{regionName(regions, item.areaCode)}</span>
          {item.amount !== null ? (
            <span>
              {amountLabelOf(noticeType)} {formatWan(item.amount)}
            </span>
          ) : null}
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'MM-DD')}</time>
          <SignupDeadline deadline={item.signupDeadline} now={now} />
        </span>
      </Link>
      {star ? <FavoriteStar type="zb" id={item.id} title={item.title} /> : null}
    </li>
  );
}
