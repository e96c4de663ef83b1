/**
 * /user/msgForm 我的留言: leave a message for the service team, and read the messages left so far
 * (from here and from the business and support pages) with the staff's replies (`getMsgList`).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DICT_TYPES } from '@shared/system/types';
import { parseTime } from '@shared/time';
import { msgListQueryOptions } from '../../support/api';
import { useHttp } from '../../../lib/http/context';
import { DictLabel } from '../../../components/dict-label';
import { EmptyState } from '../../../components/empty-state';
import type { PageLoadArgs } from '../../../lib/page';
import { useSession } from '../../../lib/session';
import { QueryListFooter } from '../../../components/member-area/list-footer';
import { MemberPage, MemberSection } from '../../../components/member-area/member-page';
import { MessageForm } from '../components/message-form';
import { fetchFresh, loadMemberChrome } from '../api';
import { readPaging } from '../../../components/member-area/member-query';

const PATH = '/user/msgForm';

export async function load({ deps, url }: PageLoadArgs) {
  await Promise.all([
    fetchFresh(deps, msgListQueryOptions(deps.http, readPaging(url.searchParams))),
    loadMemberChrome(deps, [DICT_TYPES.msgSource]),
  ]);
}

export function Component() {
  const [search] = useSearchParams();
  const paging = useMemo(() => readPaging(search), [search]);
  const { data } = useSuspenseQuery(msgListQueryOptions(useHttp(), paging));
  const user = useSession().member_info;

  return (
    <MemberPage title="我的留言" intro="有问题或建议请给我们留言，客服会在 1 个工作日内回复，回复显示在下方。">
      <MemberSection title="给客服留言">
        <MessageForm user={user} />
      </MemberSection>
      <MemberSection title={`留言记录（${data.total}）`}>
        {data.rows.length > 0 ? (
          <ul className="message-list">
            {data.rows.map((msg) => (
              <li key={msg.id} className="message-item">
                <p className="message-head">
                  <span className="tag tag-plain">
                    <DictLabel type={DICT_TYPES.msgSource} value={msg.source} />
                  </span>
                  <time dateTime={msg.createTime}>{parseTime(msg.createTime, 'YYYY-MM-DD HH:mm')}</time>
                  {msg.reply ? <span className="tag tag-success">已回复</span> : <span className="tag tag-warning">待回复</span>}
                </p>
                <p className="message-content">{msg.content}</p>
                {msg.reply ? (
                  <div className="message-reply">
                    <p className="message-reply-head">
                      客服回复 <time dateTime={msg.replyTime ?? undefined}>{parseTime(msg.replyTime, 'YYYY-MM-DD HH:mm')}</time>
                    </p>
                    <p className="message-reply-text">{msg.reply}</p>
                  </div>
                ) : (
                  <p className="message-waiting">客服正在处理，回复后会显示在这里。</p>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        {data.total === 0 ? (
          <EmptyState compact>
            <p>还没有留言</p>
          </EmptyState>
        ) : null}
        <QueryListFooter page={data} path={PATH} query={paging} />
      </MemberSection>
    </MemberPage>
  );
}
