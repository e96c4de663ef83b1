/**
 * 正文变更: a 变更公告 whose fields equal the notice it changes shows what changed in its text
 * (`bodyDiff` of the detail answer): removed text struck through and marked 删, added text marked
 * 增, unchanged text folded to the context around each change. Computed by the backend; contacts
 * in it are masked as in the contact block. The same card on the desktop and the phone detail.
 */
import { RouteLink } from '../../../components/route-link';
import type { ContentType } from '@shared/contract/common';
import { detailPath, mobileDetailPath } from '@shared/content/paths';
import type { BodyDiffPart } from '@shared/content/notices';
import type { XmkDetail, ZbDetail } from '@shared/content/types';
import { parseTime } from '@shared/time';

export function BodyDiffText({ parts }: { parts: readonly BodyDiffPart[] }) {
  return (
    <div className="body-diff-text">
      {parts.map((part, i) => {
        if (part.op === 'fold') {
          return (
            <span key={i} className="body-diff-fold">
              …… 未变的 {part.chars} 字已折叠 ……
            </span>
          );
        }
        if (part.op === 'del') {
          return (
            <del key={i} className="body-diff-del" data-mark="删">
              {part.text}
            </del>
          );
        }
        if (part.op === 'ins') {
          return (
            <ins key={i} className="body-diff-ins" data-mark="增">
              {part.text}
            </ins>
          );
        }
        return <span key={i}>{part.text}</span>;
      })}
    </div>
  );
}

/** The card, when the answer has a text diff (a backend without it sends none: nothing shows). */
export function BodyDiffCard({ item, type, mobile = false }: { item: XmkDetail | ZbDetail; type: ContentType; mobile?: boolean }) {
  const against = item.changesAgainst;
  if (!item.bodyDiff?.length || against?.kind !== 'notice') return null;
  return (
    <section className={mobile ? 'm-card body-diff-card' : 'detail-card body-diff-card'} aria-labelledby="body-diff-title">
      <h2 id="body-diff-title" className={mobile ? undefined : 'detail-card-title'}>
        变更内容
      </h2>
      <p className="changes-against">
        对比：<RouteLink to={(mobile ? mobileDetailPath : detailPath)(type, against.id)}>{against.title}</RouteLink>（
        <time dateTime={against.publishTime}>{parseTime(against.publishTime, 'YYYY-MM-DD')}</time>）
      </p>
      <p className="body-diff-legend">
        各项信息未变，正文改动如下：<del data-mark="删">删除</del>
        <ins data-mark="增">新增</ins>
      </p>
      <BodyDiffText parts={item.bodyDiff} />
    </section>
  );
}
