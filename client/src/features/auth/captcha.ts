/**
 * The captcha challenge of login and registration (spec §2), without any UI kit: the desktop forms
 * (components/captcha-field.tsx) and the mobile site's (features/m) draw it their own way. The image
 * is fetched by the browser only: a captcha is single use, and a cached server page must not hand
 * one challenge to many visitors.
 */
import { useQuery } from '@tanstack/react-query';
import { useHasCapability } from '../../lib/capabilities';
import { useHttp } from '../../lib/http/context';
import { captchaQueryOptions } from './api';
import { useProofOfWork } from './proof-of-work';

export interface Captcha {
  /** False when the backend runs without captcha: the field is not shown and no code is sent. */
  enabled: boolean;
  uuid: string | undefined;
  img: string | undefined;
  loading: boolean;
  failed: boolean;
  /** A new challenge (after a click, or after any failed attempt: the old one is used up). */
  refresh: () => void;
  /**
   * The proof of work that goes with the captcha's answer (`pow`, proof-of-work.ts) when the
   * backend asks for one; undefined otherwise. Good for one try: a failed try refreshes it with the image.
   */
  proof: () => Promise<string | undefined>;
}

export function useCaptcha(configured: boolean): Captcha {
  const http = useHttp();
  const query = useQuery({ ...captchaQueryOptions(http), enabled: configured });
  const powOffered = useHasCapability('pow');
  const enabled = configured && query.data?.captchaEnabled !== false;
  const pow = useProofOfWork(http, enabled && powOffered);
  return {
    enabled,
    uuid: enabled ? query.data?.uuid : undefined,
    img: query.data?.img,
    loading: query.isFetching,
    failed: query.isError,
    refresh: () => {
      void query.refetch();
      pow.refresh();
    },
    proof: pow.proof,
  };
}

/**
 * `img` is base64 without a `data:` prefix. The embedded backend draws a PNG; svg-captcha
 * backends send SVG, which a browser shows only under its own type; RuoYi's Java one sends a JPEG.
 */
export function captchaImageSrc(img: string): string {
  const type = img.startsWith('PHN2') || img.startsWith('PD94') ? 'image/svg+xml' : img.startsWith('/9j/') ? 'image/jpeg' : 'image/png';
  return `data:${type};base64,${img}`;
}
