/**
 * `/2`: the home data side by side — projects and tenders in two equal columns, then notices,
 * regions and the member box in a row. Its canonical URL is `/` (same content).
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
    <div className="home home-layout-2">
      <PageHead canonical="/" />
      <HomeHero compact />
      <div className="home-columns">
        <NewestXmk title="拟在建项目" />
        <NewestZb title="招标公告" />
      </div>
      <div className="home-triple">
        <NoticeBox />
        <RegionNav />
        <MemberBox />
      </div>
      <ServiceCards />
    </div>
  );
}
