import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="拜访客户" noindex>
      <p className="page-intro">管理您跟进的客户单位、联系人与跟进状态。</p>
    </SimplePage>
  );
}
