import { RouteLink } from '../../../components/route-link';
import { usePathAvailable } from '../../../lib/capabilities';
import { useSession } from '../../../lib/session';

/** The member entry beside the lists: join for visitors, the member centre for members. */
export function MemberBox() {
  const session = useSession();
  const available = usePathAvailable();
  return (
    <section className="home-side-card home-member" aria-labelledby="home-member-title">
      <h2 id="home-member-title" className="home-side-title">
        {session.isLogin ? `您好，${session.name || session.member_name || '会员'}` : '会员服务'}
      </h2>
      <p className="muted">查看联系方式、订阅招标、管理客户跟进，抢先一步拿项目。</p>
      {session.isLogin ? (
        <div className="home-member-actions">
          <RouteLink className="button button-primary" to="/user">
            会员中心
          </RouteLink>
          {available('/goods') ? (
            <RouteLink className="button" to="/goods">
              开通 VIP
            </RouteLink>
          ) : null}
        </div>
      ) : (
        <div className="home-member-actions">
          <RouteLink className="button button-primary" to="/user_register">
            免费注册
          </RouteLink>
          <RouteLink className="button" to="/user_login">
            会员登录
          </RouteLink>
        </div>
      )}
    </section>
  );
}
