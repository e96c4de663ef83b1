/**
 * 客服联系方式 from the backend's configs (sys.site.servicePhone / serviceContact): shown where a
 * visitor needs a person — business pages, customer service, and order payment on /goods.
 */
import { useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { CONFIG_KEYS } from '@shared/system/types';
import type { Http } from '../lib/http/http';
import { useHttp } from '../lib/http/context';
import { configQueryOptions } from '../lib/system';
import { telHref } from '@shared/format';

export function prefetchServiceContact(queryClient: QueryClient, http: Http): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(configQueryOptions(http, CONFIG_KEYS.servicePhone)),
    queryClient.prefetchQuery(configQueryOptions(http, CONFIG_KEYS.serviceContact)),
  ]);
}

export function useServiceContact(): { phone: string; contact: string } {
  const http = useHttp();
  const phone = useQuery(configQueryOptions(http, CONFIG_KEYS.servicePhone)).data ?? '';
  const contact = useQuery(configQueryOptions(http, CONFIG_KEYS.serviceContact)).data ?? '';
  return { phone, contact };
}

export function ServiceContact({ title = '联系客服' }: { title?: string }) {
  const { phone, contact } = useServiceContact();
  return (
    <section className="aside-card service-contact" aria-labelledby="service-contact-title">
      <h2 id="service-contact-title" className="aside-title">
        {title}
      </h2>
      {phone ? (
        <p className="service-contact-phone">
          <span>客服电话</span>
          <a href={telHref(phone)}>{phone}</a>
        </p>
      ) : null}
      {contact ? <p className="service-contact-text">{contact}</p> : null}
      {!phone && !contact ? <p className="muted">请通过网站留言联系我们。</p> : null}
    </section>
  );
}
