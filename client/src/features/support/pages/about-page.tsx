import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="关于我们">
      <p className="page-intro">本站为全省工程建设项目与招标信息服务平台。</p>
    </SimplePage>
  );
}
