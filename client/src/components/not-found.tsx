import { RouteLink } from './route-link';
import { MESSAGES } from '@shared/constants';
import { PageHead } from './page-head';

/**
 * spec §2/§8: the 404 page, "This page could not be found" with an illustration. A 404 that knows
 * what is missing and what exists instead (页码超出范围) names both, and links there first.
 */
export function NotFound({ title, text, link }: { title?: string; text?: string; link?: { href: string; text: string } }) {
  return (
    <section className="status-page" aria-labelledby="status-title">
      <PageHead title={title ?? '页面不存在'} noindex />
      <NotFoundIllustration />
      <p className="status-code">404</p>
      <h1 id="status-title" className="status-title">
        {title ?? MESSAGES.pageNotFound}
      </h1>
      <p className="status-text">{text ?? '您访问的页面不存在或已被删除，请检查网址是否正确。'}</p>
      <div className="status-actions">
        {link ? (
          <RouteLink className="button button-primary" to={link.href}>
            {link.text}
          </RouteLink>
        ) : null}
        <RouteLink className={link ? 'button' : 'button button-primary'} to="/">
          返回首页
        </RouteLink>
        {link ? null : (
          <RouteLink className="button" to="/xmk">
            浏览项目库
          </RouteLink>
        )}
      </div>
    </section>
  );
}

function NotFoundIllustration() {
  return (
    <svg className="status-illustration" viewBox="0 0 240 150" role="img" aria-label="找不到页面的插图">
      <rect x="0" y="128" width="240" height="4" rx="2" fill="#DCDFE6" />
      <rect x="34" y="30" width="112" height="86" rx="6" fill="#ECF5FF" stroke="#409EFF" strokeWidth="3" />
      <rect x="34" y="30" width="112" height="16" rx="6" fill="#409EFF" />
      <circle cx="44" cy="38" r="3" fill="#fff" />
      <circle cx="54" cy="38" r="3" fill="#fff" />
      <path d="M56 70h44M56 84h64M56 98h36" stroke="#A0CFFF" strokeWidth="5" strokeLinecap="round" />
      <circle cx="162" cy="86" r="26" fill="#fff" stroke="#909399" strokeWidth="6" />
      <path d="M181 105l26 24" stroke="#909399" strokeWidth="9" strokeLinecap="round" />
      <text x="162" y="96" textAnchor="middle" fontSize="28" fontWeight="700" fill="#F56C6C">
        ?
      </text>
    </svg>
  );
}
