/** /support/service 客户服务: the CMS page, the service contacts and a message form. */
import { ConsultForm } from '../components/consult-form';
import { ServiceContact, prefetchServiceContact } from '../../../components/service-contact';
import type { PageLoadArgs } from '../../../lib/page';
import { CmsPage, loadCmsPage } from '../components/cms-page';

const loadPage = loadCmsPage('service');

export function load(args: PageLoadArgs) {
  return Promise.all([loadPage(args), prefetchServiceContact(args.deps.queryClient, args.deps.http)]);
}

export function Component() {
  return (
    <CmsPage col="service">
      <div className="support-service">
        <div className="support-article">
          <ConsultForm source="support" title="在线留言" />
        </div>
        <ServiceContact />
      </div>
    </CmsPage>
  );
}
