/** /support/yssm 隐私声明 (CMS content). */
import { CmsPage, loadCmsPage } from '../components/cms-page';

export const load = loadCmsPage('yssm');

export function Component() {
  return <CmsPage col="yssm" />;
}
