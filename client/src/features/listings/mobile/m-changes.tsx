/**
 * The phone's 变更内容 and "本公告已于…变更" banner: the desktop's data and value formatting
 * (components/notice-timeline.tsx), laid out for a narrow screen: each changed field a block with
 * its 变更前 and 变更后 under it instead of a three-column table, and links to the mobile pages.
 */
import type { ContentType } from '@shared/contract/common';
import { mobileDetailPath } from '@shared/content/paths';
import type { XmkDetail, ZbDetail } from '@shared/content/types';
import { AgainstLine, ChangedByBanner, ChangeValue } from '../components/notice-timeline';

const mobileDetailHref = (type: ContentType, id: number) => mobileDetailPath(type, id);
const mobileZbHref = (id: number) => mobileDetailPath('zb', id);

/** 变更内容: the fields that changed, before → after. Nothing when nothing changed. */
export function MobileChanges({ item, type }: { item: XmkDetail | ZbDetail; type: ContentType }) {
  if (item.changes.length === 0 || !item.changesAgainst) return null;
  return (
    <section className="m-card m-changes" aria-labelledby="m-changes-title">
      <h2 id="m-changes-title">变更内容</h2>
      <AgainstLine against={item.changesAgainst} type={type} hrefOf={mobileDetailHref} />
      <dl className="m-changes-list">
        {item.changes.map((change) => (
          <div key={change.field}>
            <dt>{change.label}</dt>
            <dd>
              <span className="m-changes-side">变更前</span>
              <span className="changes-before">
                <ChangeValue field={change.field} value={change.before} type={type} />
              </span>
            </dd>
            <dd>
              <span className="m-changes-side">变更后</span>
              <span className="changes-after">
                <ChangeValue field={change.field} value={change.after} type={type} />
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The banner on a tender a later 变更公告 changed, linking to the change on the phone. */
export function MobileChangedBanner({ item }: { item: ZbDetail }) {
  return <ChangedByBanner item={item} hrefOf={mobileZbHref} />;
}
