/** /open-data 开放数据 (ext, capability `ocds`): the OCDS feed's publication policy. */
import { OPEN_DATA_PATH } from '@shared/ocds/paths';
import { Breadcrumb } from '../../../components/breadcrumb';
import { PageHead } from '../../../components/page-head';
import { loadOpenData, OPEN_DATA_DESCRIPTION, OPEN_DATA_TITLE, OpenDataGuide } from '../components/open-data-guide';

export const load = loadOpenData;

export function Component() {
  return (
    <div className="support-page">
      <PageHead title={OPEN_DATA_TITLE} description={OPEN_DATA_DESCRIPTION} canonical={OPEN_DATA_PATH} />
      <Breadcrumb crumbs={[{ name: '首页', path: '/' }, { name: OPEN_DATA_TITLE }]} />
      <article className="support-article" aria-labelledby="open-data-title">
        <header className="support-article-head">
          <h1 id="open-data-title" className="support-title">
            {OPEN_DATA_TITLE}
          </h1>
          <p className="muted">{OPEN_DATA_DESCRIPTION}</p>
        </header>
        <OpenDataGuide />
      </article>
    </div>
  );
}
