import { RouteLink } from './route-link';
import { PageHead } from './page-head';

/**
 * spec §8: the error page for failed data fetches, with the status the server also sent. 410: the
 * item is gone for good (a withdrawn notice), the backend's message is the heading.
 */
export function ErrorView({ status, message }: { status: number; message: string }) {
  const unavailable = status === 502 || status === 503 || status === 504;
  const gone = status === 410;
  return (
    <section className="status-page" role="alert" aria-labelledby="status-title">
      <PageHead title={gone ? message : `出错了 ${status}`} noindex />
      <p className="status-code">{status}</p>
      <h1 id="status-title" className="status-title">
        {gone ? message : unavailable ? '服务暂时不可用' : '页面加载失败'}
      </h1>
      <p className="status-text">{gone ? '发布单位已撤回此信息，它不再出现在列表、搜索和订阅提醒中。' : message}</p>
      <div className="status-actions">
        <a className="button button-primary" href="">
          重新加载
        </a>
        <RouteLink className="button" to="/">
          返回首页
        </RouteLink>
      </div>
    </section>
  );
}
