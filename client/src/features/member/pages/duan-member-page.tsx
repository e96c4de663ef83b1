import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="短期会员" noindex>
      <p className="page-intro">月卡与季卡会员，短期项目跟踪的灵活选择。</p>
    </SimplePage>
  );
}
