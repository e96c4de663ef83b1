/** `/`: search, today's counts, the newest projects and tenders, notices, regions and services. */
import { PageHead } from '../../../components/page-head';
import type { PageLoadArgs } from '../../../lib/page';
import { HomeHero } from '../components/home-hero';
import { MemberBox } from '../components/member-box';
import { NewestXmk, NewestZb } from '../components/newest-lists';
import { NoticeBox } from '../components/notice-box';
import { RegionNav } from '../components/region-nav';
import { ServiceCards } from '../../business/components/service-cards';
import { loadHome } from '../home-data';

export function load({ deps }: PageLoadArgs) {
  return loadHome(deps);
}

export function Component() {
  return (
    <div className="home">
      <PageHead canonical="/" />
      <HomeHero />
      <div className="home-grid">
        <div className="home-main">
          <NewestXmk />
          <NewestZb />
        </div>
        <aside className="home-side">
          <MemberBox />
          <NoticeBox />
          <RegionNav />
        </aside>
      </div>
      <ServiceCards />
    </div>
  );
}
