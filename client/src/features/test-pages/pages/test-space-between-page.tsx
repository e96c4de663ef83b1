import { SimplePage } from '../components/simple-page';

export function Component() {
  return (
    <SimplePage title="两端对齐测试" noindex>
      <div className="demo-flex demo-space-between">
        <div className="demo-box">左</div>
        <div className="demo-box">中</div>
        <div className="demo-box">右</div>
      </div>
    </SimplePage>
  );
}
