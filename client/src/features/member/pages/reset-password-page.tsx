import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="修改密码" noindex>
      <p className="page-intro">修改登录密码后需要重新登录。</p>
    </SimplePage>
  );
}
