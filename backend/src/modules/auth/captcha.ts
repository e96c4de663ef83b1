/**
 * Login/registration captcha (DOMAIN.md, RuoYi): single use, valid 2 minutes, compared
 * case-insensitively. Answers live only in this process's memory and never leave it — no path,
 * header, mode or log line reveals one. Tests inject the generator to know the answer in-process.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock';
import { invalid } from '../../envelope';
import { drawCaptcha, randomCaptchaText } from './captcha-image';

export interface CaptchaChallenge {
  /** the answer */
  text: string;
  /** the picture: a PNG (captcha-image.ts) */
  png: Buffer;
}

export type CaptchaGenerator = () => CaptchaChallenge;

/** Four characters without look-alikes, drawn as a distorted raster. */
export const pngCaptchaGenerator: CaptchaGenerator = () => {
  const text = randomCaptchaText(4);
  return { text, png: drawCaptcha(text) };
};

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;
export const MSG_CAPTCHA_EXPIRED = '验证码已失效';
export const MSG_CAPTCHA_WRONG = '验证码错误';

/**
 * Outstanding challenges by uuid. Bounded: beyond `capacity` the oldest are dropped, so a flood of
 * captcha requests costs memory only up to the cap (per-IP rate limits are the portal's).
 */
export class CaptchaStore {
  private readonly answers = new Map<string, { answer: string; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly capacity = 10_000,
  ) {}

  /** Remember `answer`; returns the uuid the client sends back. */
  issue(answer: string): string {
    const now = this.clock().getTime();
    for (const [uuid, entry] of this.answers) {
      if (entry.expiresAt > now && this.answers.size < this.capacity) break;
      this.answers.delete(uuid);
    }
    const uuid = randomUUID();
    this.answers.set(uuid, { answer: answer.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS });
    return uuid;
  }

  /** Consume the challenge (whatever the outcome) and throw RuoYi's message unless `code` answers it. */
  verify(uuid: string | undefined, code: string | undefined): void {
    const entry = uuid === undefined ? undefined : this.answers.get(uuid);
    if (uuid !== undefined) this.answers.delete(uuid);
    if (!entry || entry.expiresAt <= this.clock().getTime()) throw invalid(MSG_CAPTCHA_EXPIRED);
    if (code === undefined || code.trim().toLowerCase() !== entry.answer) throw invalid(MSG_CAPTCHA_WRONG);
  }
}
