import { SimplePage } from '../../../components/simple-page';

export function Component() {
  return (
    <SimplePage title="隐私声明">
      <p className="page-intro">本站如何收集、使用与保护您的个人信息。</p>
    </SimplePage>
  );
}
