/**
 * The captcha of login and registration (spec §2): an image the user can click for a new one, and
 * the answer field. The image is fetched by the browser only: a captcha is single use, and a
 * cached server page must not hand one challenge to many visitors.
 */
import { SafetyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useHttp } from '../../../api/http-context';
import { captchaQueryOptions } from '../../../api/member';

export interface Captcha {
  /** False when the backend runs without captcha: the field is not shown and no code is sent. */
  enabled: boolean;
  uuid: string | undefined;
  img: string | undefined;
  loading: boolean;
  failed: boolean;
  /** A new challenge (after a click, or after any failed attempt: the old one is used up). */
  refresh: () => void;
}

export function useCaptcha(configured: boolean): Captcha {
  const http = useHttp();
  const query = useQuery({ ...captchaQueryOptions(http), enabled: configured });
  const enabled = configured && query.data?.captchaEnabled !== false;
  return {
    enabled,
    uuid: enabled ? query.data?.uuid : undefined,
    img: query.data?.img,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => void query.refetch(),
  };
}

/**
 * `img` is base64 without a `data:` prefix. The embedded backend draws a PNG (issue 11); svg-captcha
 * backends send SVG, which a browser shows only under its own type; RuoYi's Java one sends a JPEG.
 */
export function captchaImageSrc(img: string): string {
  const type = img.startsWith('PHN2') || img.startsWith('PD94') ? 'image/svg+xml' : img.startsWith('/9j/') ? 'image/jpeg' : 'image/png';
  return `data:${type};base64,${img}`;
}

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
