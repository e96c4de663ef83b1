import { RouteLink } from '../../components/route-link';
import { useSite } from '../../lib/site';
import { telHref } from '@shared/format';
import { OPEN_DATA_PATH } from '@shared/ocds/paths';
import { usePathAvailable } from '../../lib/capabilities';

const SUPPORT_LINKS = [
  { to: '/support/about', label: '关于我们' },
  { to: '/support/fwxy', label: '服务协议' },
  { to: '/support/notice', label: '网站公告' },
  { to: '/support/rwbf', label: '入网须知' },
  { to: '/support/service', label: '客户服务' },
  { to: '/support/yssm', label: '隐私声明' },
  { to: OPEN_DATA_PATH, label: '开放数据' },
  { to: '/3g', label: '手机版' },
] as const;

export function SiteFooter() {
  const site = useSite();
  const available = usePathAvailable();
  return (
    <footer className="site-footer">
      <div className="container">
        <nav className="site-footer-links" aria-label="帮助与支持">
          {SUPPORT_LINKS.filter((link) => available(link.to)).map((link) => (
            <RouteLink key={link.to} to={link.to}>
              {link.label}
            </RouteLink>
          ))}
        </nav>
        <p className="site-footer-copy">{site.title} · 信息来源于各级公共资源交易平台及建设单位公开信息，仅供参考</p>
        {site.hotline || site.icp ? (
          <p className="site-footer-meta">
            {site.hotline ? (
              <span>
                客服热线：<a href={telHref(site.hotline)}>{site.hotline}</a>
              </span>
            ) : null}
            {site.icp ? (
              // The MIIT rules ask for the number to link to the national filing system.
              <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
                {site.icp}
              </a>
            ) : null}
          </p>
        ) : null}
      </div>
    </footer>
  );
}
