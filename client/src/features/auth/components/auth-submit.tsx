/** The end of every desktop auth form: the failure of the last try, then the submit button. */
import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Form } from 'antd';

export function AuthSubmit({
  error,
  pending,
  label,
  busyLabel,
}: {
  error: string | null;
  pending: boolean;
  label: string;
  busyLabel: string;
}) {
  return (
    <>
      {error ? <Alert className="auth-alert" type="error" showIcon title={error} /> : null}
      <Form.Item className="auth-submit">
        {/* Not disabled while busy: a second click must reach the duplicate-submit guard. */}
        <Button type="primary" htmlType="submit" block icon={pending ? <LoadingOutlined /> : undefined}>
          {pending ? busyLabel : label}
        </Button>
      </Form.Item>
    </>
  );
}
