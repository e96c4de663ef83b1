import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="项目库">
      <p className="page-intro">全省拟在建项目：按地区、行业、阶段与投资额检索。</p>
    </SimplePage>
  );
}
