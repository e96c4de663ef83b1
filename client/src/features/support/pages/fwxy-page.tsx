import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="服务协议">
      <p className="page-intro">会员注册与使用本站服务须遵守的协议条款。</p>
    </SimplePage>
  );
}
