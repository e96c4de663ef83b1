import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="拜访记录" noindex>
      <p className="page-intro">按客户和日期查看每一次拜访。</p>
    </SimplePage>
  );
}
