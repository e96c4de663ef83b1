import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="拜访记录（时间线）" noindex>
      <p className="page-intro">按时间线回顾您的拜访。</p>
    </SimplePage>
  );
}
