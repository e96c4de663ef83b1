import { useSite } from '../../../lib/site';
import { HomeSearch } from './home-search';
import { TodayStats } from './today-stats';

/** Site name, the search box and today's counts: the top of every home layout. */
export function HomeHero({ compact = false }: { compact?: boolean }) {
  const site = useSite();
  return (
    <section className={compact ? 'home-hero is-compact' : 'home-hero'} aria-labelledby="home-title">
      <div className="home-hero-text">
        <h1 id="home-title" className="home-hero-title">
          {site.name}
        </h1>
        <p className="home-hero-tagline">全省拟在建项目与招标信息 · 每日更新 · 找项目首选</p>
      </div>
      <HomeSearch />
      <TodayStats />
    </section>
  );
}
