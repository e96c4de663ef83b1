/** /m/pages/open-data/index 开放数据 on the phone: the desktop page's guide in one column. */
import { MobileHead } from '../../../components/mobile/m-parts';
import { loadOpenData, OPEN_DATA_DESCRIPTION, OPEN_DATA_TITLE, OpenDataGuide } from '../components/open-data-guide';

export const load = loadOpenData;

export function Component() {
  return (
    <article className="m-detail m-open-data">
      <MobileHead title={OPEN_DATA_TITLE} description={OPEN_DATA_DESCRIPTION} />
      <h1 className="m-title">{OPEN_DATA_TITLE}</h1>
      <div className="m-card">
        <OpenDataGuide />
      </div>
    </article>
  );
}
