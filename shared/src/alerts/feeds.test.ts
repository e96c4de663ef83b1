import { describe, expect, it } from 'vitest';
import { feedBodyPath, feedPortalPaths, isFeedToken, parseFeedFile } from './feeds';

const TOKEN = 'a'.repeat(20) + 'B_c-0123456789xyz';

describe('feed tokens and files', () => {
  it('are 32 to 64 url-safe characters', () => {
    expect(isFeedToken('x'.repeat(32))).toBe(true);
    expect(isFeedToken('x'.repeat(64))).toBe(true);
    expect(isFeedToken('x'.repeat(31))).toBe(false);
    expect(isFeedToken('x'.repeat(65))).toBe(false);
    expect(isFeedToken(`${'x'.repeat(31)}/`)).toBe(false);
  });

  it('read a feed file as its token and format, and nothing else', () => {
    expect(parseFeedFile(`${TOKEN}.atom`)).toEqual({ token: TOKEN, format: 'atom' });
    expect(parseFeedFile(`${TOKEN}.ics`)).toEqual({ token: TOKEN, format: 'ics' });
    for (const file of [`${TOKEN}.xml`, 'short.atom', `${TOKEN}.atom.ics`, `${'x'.repeat(65)}.ics`, `../${TOKEN}.atom`]) {
      expect(parseFeedFile(file)).toBeNull();
    }
  });

  it('are served at the portal and read from the backend', () => {
    expect(feedPortalPaths(TOKEN)).toEqual({ atom: `/feeds/${TOKEN}.atom`, ics: `/feeds/${TOKEN}.ics` });
    expect(feedBodyPath(TOKEN, 'ics')).toBe(`/api/ext/feeds/${TOKEN}.ics`);
  });
});
