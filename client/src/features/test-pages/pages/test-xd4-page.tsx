import { SimplePage } from '../components/simple-page';

/** Relative positioning variant 4: a badge placed against its card's corner. */
export function Component() {
  return (
    <SimplePage title="相对定位测试 4" noindex>
      <div className="demo-xd demo-xd4">
        <div className="demo-box">项目卡片</div>
        <span className="demo-xd-badge">新</span>
      </div>
    </SimplePage>
  );
}
