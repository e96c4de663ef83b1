import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="首页">
      <p className="page-intro">汇集全省拟在建项目与招标公告，每日更新。</p>
    </SimplePage>
  );
}
