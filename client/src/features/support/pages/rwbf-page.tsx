/** /support/rwbf 入网须知 (CMS content). */
import { CmsPage, loadCmsPage } from '../components/cms-page';

export const load = loadCmsPage('rwbf');

export function Component() {
  return <CmsPage col="rwbf" />;
}
