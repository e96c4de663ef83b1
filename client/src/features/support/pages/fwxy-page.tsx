/** /support/fwxy 服务协议 (CMS content). */
import { CmsPage, loadCmsPage } from '../components/cms-page';

export const load = loadCmsPage('fwxy');

export function Component() {
  return <CmsPage col="fwxy" />;
}
