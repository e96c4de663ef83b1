import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="会员中心" noindex>
      <p className="page-intro">会员等级、积分余额与待跟进客户一览。</p>
    </SimplePage>
  );
}
