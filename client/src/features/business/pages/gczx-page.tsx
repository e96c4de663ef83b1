import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="工程咨询">
      <p className="page-intro">项目建议书、可行性研究报告与工程项目全过程咨询。</p>
    </SimplePage>
  );
}
