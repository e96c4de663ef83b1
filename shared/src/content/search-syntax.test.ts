import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './search-syntax';

const word = (text: string) => ({ text, phrase: false });
const phrase = (text: string) => ({ text, phrase: true });

describe('parseSearchQuery', () => {
  it('reads words, -words and quoted phrases like a search engine', () => {
    expect(parseSearchQuery('学校 -施工')).toEqual({ include: [word('学校')], exclude: [word('施工')] });
    expect(parseSearchQuery('"济南 大学" 设计')).toEqual({ include: [phrase('济南 大学'), word('设计')], exclude: [] });
    expect(parseSearchQuery('道路 -"设计 施工"')).toEqual({ include: [word('道路')], exclude: [phrase('设计 施工')] });
    expect(parseSearchQuery('“医院 扩建”　－监理')).toEqual({ include: [phrase('医院 扩建')], exclude: [word('监理')] });
  });

  it('keeps a minus inside a word and a lone minus, and runs an unclosed quote to the end', () => {
    expect(parseSearchQuery('G20-国道')).toEqual({ include: [word('G20-国道')], exclude: [] });
    expect(parseSearchQuery('学校 - 施工')).toEqual({ include: [word('学校'), word('-'), word('施工')], exclude: [] });
    expect(parseSearchQuery('"城市 更新')).toEqual({ include: [phrase('城市 更新')], exclude: [] });
  });

  it('drops empty quotes and blank input', () => {
    expect(parseSearchQuery('  ""  -"" ')).toEqual({ include: [], exclude: [] });
    expect(parseSearchQuery('')).toEqual({ include: [], exclude: [] });
  });
});
