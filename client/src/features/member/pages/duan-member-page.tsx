/** /user/duanMember 短期会员: month and quarter passes for a project you are chasing now. */
import type { PageLoadArgs } from '../../../lib/page';
import { TierPage, loadTierPage } from '../components/tier-page';

export function load({ deps }: PageLoadArgs) {
  return loadTierPage(deps);
}

export function Component() {
  return (
    <TierPage
      title="短期会员"
      intro="月度、季度会员：有效期内免积分查看全部联系方式，适合集中跟进一段时间的项目。"
      goodsType="duan"
      level="1"
    />
  );
}
