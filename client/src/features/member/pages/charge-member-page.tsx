/** /user/chargeMember 积分充值: points packages, spent one contact block at a time. */
import type { PageLoadArgs } from '../../../lib/page';
import { TierPage, loadTierPage } from '../components/tier-page';

export function load({ deps }: PageLoadArgs) {
  return loadTierPage(deps);
}

export function Component() {
  return (
    <TierPage
      title="积分充值"
      intro="积分长期有效，按条“积分查看”项目和招标的联系方式，同一条信息只扣一次。"
      goodsType="score"
      level={null}
    />
  );
}
