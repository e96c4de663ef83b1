import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="入网须知">
      <p className="page-intro">会员入网前请阅读的说明。</p>
    </SimplePage>
  );
}
