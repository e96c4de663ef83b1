import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="会员资料" noindex>
      <p className="page-intro">个人资料与招标订阅设置。</p>
    </SimplePage>
  );
}
