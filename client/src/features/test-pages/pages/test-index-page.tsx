import { SimplePage } from '../components/simple-page';

export function Component() {
  return (
    <SimplePage title="开发测试" noindex>
      <p className="page-intro">这些页面用于检查布局、主题与接口连通性，左侧列出全部测试页面。它们不会被搜索引擎收录。</p>
    </SimplePage>
  );
}
