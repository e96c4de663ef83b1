import { PageHead } from '../../../components/page-head';

export function Component() {
  return (
    <section className="page">
      <PageHead />
      <header className="page-header">
        <h1 className="page-title">全省项目与招标信息</h1>
      </header>
      <p className="page-intro">汇集全省拟在建项目与招标公告，每日更新。</p>
    </section>
  );
}
