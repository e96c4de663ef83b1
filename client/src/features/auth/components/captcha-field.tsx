/**
 * The captcha of login and registration (spec §2): an image the user can click for a new one, and
 * the answer field. The image is fetched by the browser only: a captcha is single use, and a
 * cached server page must not hand one challenge to many visitors.
 */
import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { captchaImageSrc, type Captcha } from '../captcha';

export { captchaImageSrc, useCaptcha, type Captcha } from '../captcha';

export function CaptchaField({ captcha }: { captcha: Captcha }) {
  if (!captcha.enabled) return null;
  return (
    // The outer item shows the inner field's errors; the row lays out the field and the image.
    <Form.Item className="auth-captcha">
      <div className="auth-captcha-row">
        <Form.Item name="code" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <Input size="large" prefix={<SafetyOutlined />} placeholder="验证码" maxLength={10} autoComplete="off" aria-label="验证码" />
        </Form.Item>
        <button
          type="button"
          className="auth-captcha-image"
          onClick={captcha.refresh}
          title="看不清？换一张"
          aria-label="看不清？换一张"
          aria-busy={captcha.loading}
        >
          {captcha.img ? (
            <img src={captchaImageSrc(captcha.img)} alt="验证码图片" width={120} height={40} />
          ) : (
            <span className="auth-captcha-placeholder">{captcha.failed ? '加载失败，点击重试' : '加载中…'}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}
