import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="积分充值" noindex>
      <p className="page-intro">购买积分套餐，用于查看项目联系方式。</p>
    </SimplePage>
  );
}
