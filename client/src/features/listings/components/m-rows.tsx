/** Result rows of the mobile lists, home tabs and member lists. */
import { RouteLink } from '../../../components/route-link';
import type { XmkListItem, ZbListItem } from '@shared/content/types';
import { DICT_TYPES } from '@shared/system/types';
import { formatWan } from '@shared/format';
import { parseTime } from '@shared/time';
import type { DictLookup } from '../../../components/dict-label';
import { FavoriteStar } from './favorite-button';
import { HighlightText } from '../../../components/highlight';
import { NewBadge } from './new-badge';
import { regionName } from '../../../lib/region';
import { amountLabelOf } from '@shared/content/zb-notice';
import { mobileDetailPath } from '@shared/content/paths';
import { dictLabel } from '../../../lib/system';
import { signupDeadlineLabel } from '../signup-deadline';

/**
 * With `star`, the row carries the 收藏 star (the mobile lists); 新 shows on every row. `dict`: the
 * list's dictionaries (region, and the stage or notice type), read once for all its rows.
 */
interface RowProps<Item> {
  item: Item;
  dict: DictLookup;
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

export function XmkRow({ item, dict, star = false }: RowProps<XmkListItem>) {
  return (
    <li className={star ? 'm-row has-star' : 'm-row'}>
      <RouteLink to={mobileDetailPath('xmk', item.id)} className="m-row-link">
        <span className="m-row-title">
          <NewBadge publishTime={item.publishTime} />
          <HighlightText html={item.highlightTitle} />
        </span>
        <span className="m-row-meta">
          <span className="m-tag">{dictLabel(dict(DICT_TYPES.xmkStage), item.stage)}</span>
          <span>{regionName(dict(DICT_TYPES.region), item.areaCode)}</span>
          <span>投资 {formatWan(item.investment)}</span>
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'MM-DD')}</time>
        </span>
      </RouteLink>
      {star ? <FavoriteStar type="xmk" id={item.id} title={item.title} /> : null}
    </li>
  );
}

export function ZbRow({ item, dict, star = false, now }: ZbRowProps) {
  const noticeType = dictLabel(dict(DICT_TYPES.zbNoticeType), item.noticeType);
  return (
    <li className={star ? 'm-row has-star' : 'm-row'}>
      <RouteLink to={mobileDetailPath('zb', item.id)} className="m-row-link">
        <span className="m-row-title">
          <NewBadge publishTime={item.publishTime} />
          <HighlightText html={item.highlightTitle} />
        </span>
        <span className="m-row-meta">
          <span className="m-tag">{noticeType}</span>
          <span>{regionName(dict(DICT_TYPES.region), item.areaCode)}</span>
          {item.amount !== null ? (
            <span>
              {amountLabelOf(noticeType)} {formatWan(item.amount)}
            </span>
          ) : null}
          <time dateTime={item.publishTime}>{parseTime(item.publishTime, 'MM-DD')}</time>
          <SignupDeadline deadline={item.signupDeadline} now={now} />
        </span>
      </RouteLink>
      {star ? <FavoriteStar type="zb" id={item.id} title={item.title} /> : null}
    </li>
  );
}
