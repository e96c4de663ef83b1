import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="VIP 会员" noindex>
      <p className="page-intro">VIP 会员全年查看所有项目联系方式，无需消耗积分。</p>
    </SimplePage>
  );
}
