import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="招标详情">
      <p className="page-intro">公告正文、招标人、代理机构与开标时间。</p>
    </SimplePage>
  );
}
