/** Pieces the detail pages (/xmk/{id}, /zb/{id}, /company/{id}) share. */
import type { ReactNode } from 'react';
import { RouteLink } from './route-link';
import type { ContentType } from '@shared/contract/common';
import { detailPath } from '@shared/content/paths';
import type { ContentLink } from '@shared/content/types';
import { MESSAGES } from '@shared/constants';
import { ApiError } from '../lib/http/errors';
import { useSession } from '../lib/session';
import { usePathAvailable } from '../lib/capabilities';

/** A loader's "no such page": the 404 page, as for an unknown route. */
export function notFound(): never {
  throw new ApiError(MESSAGES.notFound, { kind: 'response', code: 404 });
}

/** Detail loads run after param validation, so `id` is set; this keeps the type honest. */
export function requireId(id: number | null): number {
  return id ?? notFound();
}

/** 上一条 / 下一条 in publish order. */
export function DetailPager({ type, prev, next }: { type: ContentType; prev: ContentLink | null; next: ContentLink | null }) {
  return (
    <nav className="detail-pager" aria-label="上一条和下一条">
      {(
        [
          ['上一条', prev, 'prev'],
          ['下一条', next, 'next'],
        ] as const
      ).map(([label, link, rel]) => (
        <p key={rel}>
          <span className="detail-pager-label">{label}：</span>
          {link ? (
            <RouteLink to={detailPath(type, link.id)} rel={rel}>
              {link.title}
            </RouteLink>
          ) : (
            <span className="muted">没有了</span>
          )}
        </p>
      ))}
    </nav>
  );
}

/** The key numbers under a detail's title (金额, 中标次数…): value over label. */
export function DetailFigures({ figures }: { figures: readonly { label: string; value: ReactNode }[] }) {
  return (
    <div className="detail-figures">
      {figures.map((figure) => (
        <div key={figure.label}>
          <strong>{figure.value}</strong>
          <span>{figure.label}</span>
        </div>
      ))}
    </div>
  );
}

/** A labelled field grid (项目概况, 招标概况). Empty values show as "—". */
export function FieldGrid({ fields }: { fields: readonly { label: string; value: ReactNode; wide?: boolean }[] }) {
  return (
    <dl className="field-grid">
      {fields.map((field) => (
        <div key={field.label} className={field.wide ? 'field field-wide' : 'field'}>
          <dt>{field.label}</dt>
          <dd>{field.value === '' || field.value === null || field.value === undefined ? '—' : field.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The side box that sells membership, worded for who is looking. */
export function MemberCta() {
  const session = useSession();
  const available = usePathAvailable();
  return (
    <section className="aside-card member-cta" aria-labelledby="member-cta-title">
      <h2 id="member-cta-title" className="aside-title">
        会员服务
      </h2>
      <ul className="member-cta-list">
        <li>查看项目与招标联系方式</li>
        <li>按关键词和地区订阅招标</li>
        <li>收藏项目、管理客户跟进</li>
      </ul>
      {session.isLogin ? (
        available('/goods') ? (
          <RouteLink className="button button-primary member-cta-button" to="/goods">
            开通 VIP 会员
          </RouteLink>
        ) : null
      ) : (
        <>
          <RouteLink className="button button-primary member-cta-button" to="/user_register">
            免费注册
          </RouteLink>
          <p className="member-cta-hint">
            已有账号？<RouteLink to="/user_login">立即登录</RouteLink>
          </p>
        </>
      )}
    </section>
  );
}
