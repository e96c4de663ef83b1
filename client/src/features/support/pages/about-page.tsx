/** /support/about 关于我们 (CMS content). */
import { CmsPage, loadCmsPage } from '../components/cms-page';

export const load = loadCmsPage('about');

export function Component() {
  return <CmsPage col="about" />;
}
