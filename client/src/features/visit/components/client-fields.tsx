import { RouteLink } from '../../../components/route-link';
import type { BaifangClient } from '@shared/visit/types';
import type { ContentType } from '@shared/contract/common';
import { telHref } from '@shared/format';
import { parseTime } from '@shared/time';
import { CONTENT_TYPE_LABEL } from '../../../lib/content-labels';

/**
 * A client's fields, on the desktop detail and the phone's: who to reach (the phone number dials),
 * the next and last visit, where the client came from (`sourceHref`: the site's own detail link)
 * and the remark.
 */
export function ClientFields({
  client,
  due,
  sourceHref,
  className,
}: {
  client: BaifangClient;
  due: boolean;
  sourceHref: (type: ContentType, id: number) => string;
  className: string;
}) {
  return (
    <dl className={className}>
      <div>
        <dt>联系人</dt>
        <dd>{client.contact || '—'}</dd>
      </div>
      <div>
        <dt>联系电话</dt>
        <dd>{client.phone ? <a href={telHref(client.phone)}>{client.phone}</a> : '—'}</dd>
      </div>
      <div>
        <dt>下次拜访</dt>
        <dd className={due ? 'is-due' : undefined}>{client.nextVisitDate ?? '未安排'}</dd>
      </div>
      <div>
        <dt>最近拜访</dt>
        <dd>{parseTime(client.lastVisitTime, 'YYYY-MM-DD HH:mm') || '还没有拜访'}</dd>
      </div>
      <div className="client-field-wide">
        <dt>来源</dt>
        <dd>
          {client.sourceType !== 'manual' && client.sourceId !== null ? (
            <RouteLink to={sourceHref(client.sourceType, client.sourceId)}>
              {CONTENT_TYPE_LABEL[client.sourceType]}：{client.sourceTitle ?? client.sourceId}
            </RouteLink>
          ) : (
            '手动添加'
          )}
        </dd>
      </div>
      <div className="client-field-wide">
        <dt>备注</dt>
        <dd className="client-remark">{client.remark || '—'}</dd>
      </div>
    </dl>
  );
}
