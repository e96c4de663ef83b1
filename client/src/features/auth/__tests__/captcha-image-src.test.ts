import { describe, expect, it } from 'vitest';
import { captchaImageSrc } from '../components/captcha-field';

describe('captchaImageSrc', () => {
  it.each([
    ['a PNG (the embedded backend)', 'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAo', 'image/png'],
    ['an SVG (svg-captcha)', btoa('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'],
    ['an SVG with an XML declaration', btoa('<?xml version="1.0"?><svg/>'), 'image/svg+xml'],
    ["a JPEG (RuoYi's Java backend)", '/9j/4AAQSkZJRgABAQAAAQABAAD', 'image/jpeg'],
  ])('labels %s so the browser shows it', (_case, img, type) => {
    expect(captchaImageSrc(img)).toBe(`data:${type};base64,${img}`);
  });
});
