import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="造价咨询">
      <p className="page-intro">投资估算、工程量清单编制、招标控制价与结算审核。</p>
    </SimplePage>
  );
}
