import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="手机版">
      <p className="page-intro">用手机扫描二维码，随时随地查看项目与招标信息。</p>
    </SimplePage>
  );
}
