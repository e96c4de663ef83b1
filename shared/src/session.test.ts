import { describe, expect, it } from 'vitest';
import { hasSession, SESSION_TOKEN_MAX_LENGTH } from './session';

describe('hasSession', () => {
  it('accepts our tokens and JWTs', () => {
    expect(hasSession('Jk3_-aZ09xYzJk3_-aZ09xYzJk3_-aZ09xYzJk3_-aZ')).toBe(true);
    expect(hasSession('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe(true);
    expect(hasSession('a'.repeat(SESSION_TOKEN_MAX_LENGTH))).toBe(true);
  });

  it('refuses what we never issue: empty, spaces, non-ASCII, control characters, over 4 KB, non-strings', () => {
    for (const value of ['', 'a b', '令牌', 'a\tb', 'a;b', 'a'.repeat(SESSION_TOKEN_MAX_LENGTH + 1), undefined, null, 42, ['a']]) {
      expect(hasSession(value)).toBe(false);
    }
  });
});
