import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="会员登录" noindex>
      <p className="page-intro">登录后可收藏项目、查看联系方式并跟进客户。</p>
    </SimplePage>
  );
}
