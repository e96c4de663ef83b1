import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="招标信息">
      <p className="page-intro">招标预告、招标公告、变更公告与中标结果。</p>
    </SimplePage>
  );
}
