import { Link } from 'react-router-dom';
import { PageHead } from './page-head';

/** spec §8: the error page for failed data fetches, with the status the server also sent. */
export function ErrorView({ status, message }: { status: number; message: string }) {
  const unavailable = status === 502 || status === 503 || status === 504;
  return (
    <section className="status-page" role="alert" aria-labelledby="status-title">
      <PageHead title={`出错了 ${status}`} noindex />
      <p className="status-code">{status}</p>
      <h1 id="status-title" className="status-title">
        {unavailable ? '服务暂时不可用' : '页面加载失败'}
      </h1>
      <p className="status-text">{message}</p>
      <div className="status-actions">
        <a className="button button-primary" href="">
          重新加载
        </a>
        <Link className="button" to="/">
          返回首页
        </Link>
      </div>
    </section>
  );
}
