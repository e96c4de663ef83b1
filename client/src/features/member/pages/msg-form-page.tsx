import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="我的留言" noindex>
      <p className="page-intro">给客服留言并查看回复。</p>
    </SimplePage>
  );
}
