import { SimplePage } from '../components/simple-page';

export function Component() {
  return (
    <SimplePage title="Flex 布局测试" noindex>
      <div className="demo-flex">
        {['立项', '审批', '设计', '招标', '施工', '竣工'].map((stage) => (
          <div key={stage} className="demo-box">
            {stage}
          </div>
        ))}
      </div>
    </SimplePage>
  );
}
