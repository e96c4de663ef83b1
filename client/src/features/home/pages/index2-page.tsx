/**
 * `/index2`: the classic portal arrangement of the home data — regions down the left, tenders
 * first in the middle, member box and notices on the right. Its canonical URL is `/`.
 */
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
    <div className="home home-layout-index2">
      <PageHead canonical="/" />
      <HomeHero compact />
      <div className="home-portal">
        <aside className="home-portal-left">
          <RegionNav vertical />
        </aside>
        <div className="home-main">
          <NewestZb />
          <NewestXmk />
        </div>
        <aside className="home-side">
          <MemberBox />
          <NoticeBox />
        </aside>
      </div>
      <ServiceCards />
    </div>
  );
}
