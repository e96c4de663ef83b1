import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="订阅招标" noindex>
      <p className="page-intro">按您订阅的关键词与地区推送的招标信息。</p>
    </SimplePage>
  );
}
