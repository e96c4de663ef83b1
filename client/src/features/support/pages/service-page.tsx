import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="客户服务">
      <p className="page-intro">客服电话、工作时间与常见问题。</p>
    </SimplePage>
  );
}
