import { SimplePage } from '../components/simple-page';

export function Component() {
  return (
    <SimplePage title="VW 单位测试" noindex>
      {[10, 25, 50].map((vw) => (
        <div key={vw} className="demo-box demo-vw" style={{ width: `${vw}vw` }}>
          {vw}vw
        </div>
      ))}
    </SimplePage>
  );
}
