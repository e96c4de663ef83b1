import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="会员注册" noindex>
      <p className="page-intro">注册即送积分，可用于查看项目联系方式。</p>
    </SimplePage>
  );
}
