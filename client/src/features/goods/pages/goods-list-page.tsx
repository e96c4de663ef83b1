import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="会员服务">
      <p className="page-intro">VIP 会员、短期会员与积分套餐，按需选择。</p>
    </SimplePage>
  );
}
