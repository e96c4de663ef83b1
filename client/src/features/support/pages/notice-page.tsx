import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="网站公告">
      <p className="page-intro">本站发布的通知与公告。</p>
    </SimplePage>
  );
}
