import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="拜访客户（卡片）" noindex>
      <p className="page-intro">以卡片形式浏览您的拜访客户。</p>
    </SimplePage>
  );
}
