/**
 * The frame of the three consulting service pages (/business/gczx, xmzx, zjzx): what the service
 * is, what it includes, how an engagement runs, and a consultation form (a message, `addMsg`).
 */
import { RouteLink } from '../../../components/route-link';
import { Breadcrumb } from '../../../components/breadcrumb';
import { BUSINESS_SERVICES, type BusinessService } from '../services';
import { ConsultForm } from '../../support/components/consult-form';
import { LazyImage } from '../../../components/lazy-image';
import { PageHead } from '../../../components/page-head';
import { ServiceContact, prefetchServiceContact } from '../../../components/service-contact';
import type { PageLoadArgs } from '../../../lib/page';
import { SERVICE_DETAILS } from './service-details';

const STEPS = ['需求沟通', '方案与报价', '签订合同', '开展服务', '成果交付'] as const;

export function loadBusiness({ deps }: PageLoadArgs) {
  return prefetchServiceContact(deps.queryClient, deps.http);
}

export function BusinessPage({ service }: { service: BusinessService }) {
  const { summary, items } = SERVICE_DETAILS[service.source];
  const others = BUSINESS_SERVICES.filter((s) => s.path !== service.path);
  return (
    <div className="business-page">
      <PageHead title={service.name} description={summary} canonical={service.path} />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: '业务服务' }, { name: service.name }]} />
      <section className="biz-hero" aria-labelledby="biz-title">
        <div className="biz-hero-text">
          <p className="biz-hero-kicker">业务服务</p>
          <h1 id="biz-title" className="biz-hero-title">
            {service.name}
          </h1>
          <p className="biz-hero-tagline">{service.tagline}</p>
          <p className="biz-hero-summary">{summary}</p>
          <a className="button button-primary" href="#consult">
            立即咨询
          </a>
        </div>
        <LazyImage
          key={service.image}
          src={service.image}
          alt={`${service.name}示意图`}
          width={400}
          height={240}
          className="biz-hero-image"
        />
      </section>

      <section className="biz-section" aria-labelledby="biz-items-title">
        <h2 id="biz-items-title" className="section-title">
          服务内容
        </h2>
        <ul className="biz-items">
          {items.map((item, index) => (
            <li key={item.title} className="biz-item">
              <span className="biz-item-index">{String(index + 1).padStart(2, '0')}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="biz-section" aria-labelledby="biz-steps-title">
        <h2 id="biz-steps-title" className="section-title">
          服务流程
        </h2>
        <ol className="biz-steps">
          {STEPS.map((step, index) => (
            <li key={step}>
              <span className="biz-step-no">{index + 1}</span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>

      <div className="biz-bottom" id="consult">
        <div className="biz-section">
          <ConsultForm source={service.source} title={`${service.name}在线咨询`} />
        </div>
        <aside className="detail-aside">
          <ServiceContact />
          <section className="aside-card" aria-labelledby="biz-others-title">
            <h2 id="biz-others-title" className="aside-title">
              其他服务
            </h2>
            <ul className="aside-links">
              {others.map((other) => (
                <li key={other.path}>
                  <RouteLink to={other.path}>{other.name}</RouteLink>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
