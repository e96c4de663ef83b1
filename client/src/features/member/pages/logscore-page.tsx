import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="积分日志" noindex>
      <p className="page-intro">每一笔积分的获得与使用记录。</p>
    </SimplePage>
  );
}
