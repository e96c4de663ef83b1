import { RouteLink } from '../../../components/route-link';
import { BUSINESS_SERVICES } from '../services';
import { LazyImage } from '../../../components/lazy-image';

/** 业务服务: the three consulting services, linking to their pages. */
export function ServiceCards() {
  return (
    <section className="home-services" aria-labelledby="home-services-title">
      <header className="home-section-head">
        <h2 id="home-services-title" className="section-title">
          业务服务
        </h2>
        <p className="muted">专业团队，为项目全生命周期提供咨询服务</p>
      </header>
      <div className="service-grid">
        {BUSINESS_SERVICES.map((service) => (
          <RouteLink key={service.path} to={service.path} className="service-card">
            <LazyImage src={service.image} alt={`${service.name}示意图`} width={400} height={240} className="service-card-image" />
            <span className="service-card-body">
              <strong className="service-card-name">{service.name}</strong>
              <span className="service-card-tagline">{service.tagline}</span>
              <span className="service-card-more">了解详情 ›</span>
            </span>
          </RouteLink>
        ))}
      </div>
    </section>
  );
}
