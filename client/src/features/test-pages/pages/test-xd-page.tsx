import { SimplePage } from '../components/simple-page';

/** Relative positioning variant 1: a badge placed against its card's corner. */
export function Component() {
  return (
    <SimplePage title="相对定位测试" noindex>
      <div className="demo-xd">
        <div className="demo-box">项目卡片</div>
        <span className="demo-xd-badge">新</span>
      </div>
    </SimplePage>
  );
}
