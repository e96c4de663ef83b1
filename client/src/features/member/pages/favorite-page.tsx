import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="我的收藏" noindex>
      <p className="page-intro">您收藏的项目与招标信息。</p>
    </SimplePage>
  );
}
