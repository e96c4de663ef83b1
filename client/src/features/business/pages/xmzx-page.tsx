/** /business/xmzx 项目咨询: the service, its scope and a consultation form. */
import { BUSINESS_SERVICE } from '../services';
import { BusinessPage, loadBusiness } from '../components/business-page';

export const load = loadBusiness;

export function Component() {
  return <BusinessPage service={BUSINESS_SERVICE.xmzx} />;
}
