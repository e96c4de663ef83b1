/** /user/vipuser VIP 会员: the yearly tier — every contact block for a year without points. */
import type { PageLoadArgs } from '../../../lib/page';
import { TierPage, loadTierPage } from '../components/tier-page';

export function load({ deps }: PageLoadArgs) {
  return loadTierPage(deps);
}

export function Component() {
  return (
    <TierPage
      title="VIP 会员"
      intro="VIP 会员一年内免积分查看全部项目和招标的联系方式，并享招标订阅与专属客服。"
      goodsType="vip"
      level="2"
    />
  );
}
