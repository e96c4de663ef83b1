import { Button, Pagination, Space, Tag } from 'antd';
import { AntdScope } from '../../../components/antd-scope';
import { SimplePage } from '../components/simple-page';

/** The Element-like theme at a glance: colours, buttons, tags and the Chinese pagination texts. */
export function Component() {
  return (
    <SimplePage title="组件演示" noindex>
      <AntdScope>
        <Space orientation="vertical" size="large">
          <Space wrap>
            <Button type="primary">主要按钮</Button>
            <Button>默认按钮</Button>
            <Button type="dashed">虚线按钮</Button>
            <Button danger>危险按钮</Button>
            <Button type="link">文字按钮</Button>
          </Space>
          <Space wrap>
            <Tag color="processing">招标公告</Tag>
            <Tag color="success">中标结果</Tag>
            <Tag color="warning">变更公告</Tag>
            <Tag color="error">已截止</Tag>
          </Space>
          <Pagination total={235} showSizeChanger showTotal={(total) => `共 ${total} 条`} />
        </Space>
      </AntdScope>
    </SimplePage>
  );
}
