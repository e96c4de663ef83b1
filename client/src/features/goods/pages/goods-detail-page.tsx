import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="商品详情">
      <p className="page-intro">会员服务的内容、价格与开通方式。</p>
    </SimplePage>
  );
}
