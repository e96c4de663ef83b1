import { useSession } from '../../../lib/session';
import { SimplePage } from '../components/simple-page';

/** A member-only test page (its path contains "/user", so the guard applies): the session as the client sees it. */
export function Component() {
  const session = useSession();
  return (
    <SimplePage title="会员接口测试" noindex>
      <pre className="demo-json">{JSON.stringify({ isLogin: session.isLogin, name: session.name, roles: session.roles }, null, 2)}</pre>
    </SimplePage>
  );
}
