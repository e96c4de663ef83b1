import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="项目详情">
      <p className="page-intro">项目概况、建设内容、阶段进展与联系人。</p>
    </SimplePage>
  );
}
