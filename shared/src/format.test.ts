import { describe, expect, it } from 'vitest';
import { MISSING, formatArea, formatCount, formatWan, formatYuan, telHref, singleLine } from './format';

const missing = [null, undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('formatWan', () => {
  it.each([
    [1234.56, '1,234.56万元'],
    [1280, '1,280万元'],
    [0.5, '0.5万元'],
    [12.3456, '12.35万元'],
    [123456789, '123,456,789万元'],
    [0, '0万元'],
    [-1500.25, '-1,500.25万元'],
    [-0.001, '0万元'],
    [999.999, '1,000万元'],
  ])('%d → %s', (n, expected) => expect(formatWan(n)).toBe(expected));

  it.each(missing)('%s → —', (n) => expect(formatWan(n)).toBe(MISSING));
});

describe('formatYuan', () => {
  it.each([
    [1280, '¥1,280'],
    [12.5, '¥12.50'],
    [0.99, '¥0.99'],
    [1999.999, '¥2,000'],
    [1234567.891, '¥1,234,567.89'],
    [0, '¥0'],
    [0.001, '¥0'],
    [-0.001, '¥0'],
    [-5, '-¥5'],
    [-5.5, '-¥5.50'],
  ])('%d → %s', (n, expected) => expect(formatYuan(n)).toBe(expected));

  it.each(missing)('%s → —', (n) => expect(formatYuan(n)).toBe(MISSING));
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567890, '1,234,567,890'],
    [12.6, '13'],
    [-0.4, '0'],
    [-2500, '-2,500'],
  ])('%d → %s', (n, expected) => expect(formatCount(n)).toBe(expected));

  it.each(missing)('%s → —', (n) => expect(formatCount(n)).toBe(MISSING));
});

describe('formatArea', () => {
  it.each([
    [12345.6, '12,345.6㎡'],
    [85, '85㎡'],
    [1234.567, '1,234.57㎡'],
    [0, '0㎡'],
  ])('%d → %s', (n, expected) => expect(formatArea(n)).toBe(expected));

  it.each(missing)('%s → —', (n) => expect(formatArea(n)).toBe(MISSING));
});

describe('MISSING', () => {
  it('is an em dash', () => expect(MISSING).toBe('\u2014'));
});

describe('telHref', () => {
  it('keeps only what a phone dials', () => {
    expect(telHref('0531-8888 6666')).toBe('tel:053188886666');
    expect(telHref('+86 138-0000-0000')).toBe('tel:+8613800000000');
  });
});

describe('singleLine', () => {
  it('reads control characters and line separators as one space, so a title stays one line', () => {
    expect(singleLine('平阴县\r工程\u0007招标\t公告')).toBe('平阴县 工程 招标 公告');
    expect(singleLine(' a\r\n\u2028b\u0085 ')).toBe('a b');
    expect(singleLine('📢运动场改造🔥')).toBe('📢运动场改造🔥');
  });
});
