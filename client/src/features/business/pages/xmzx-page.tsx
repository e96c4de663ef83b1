import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="项目咨询">
      <p className="page-intro">项目信息跟踪、业主对接与投标策略咨询。</p>
    </SimplePage>
  );
}
