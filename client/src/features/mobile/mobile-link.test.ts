import { describe, expect, it } from 'vitest';
import { mobileLink } from './mobile-link';

describe('what the /3g QR code opens', () => {
  const member = { userName: 'demo', randomPassword: 'Ab3#x9' };

  it('the mobile site’s home for visitors', () => {
    expect(mobileLink({ mobileSiteUrl: 'https://m.example.com/', portalOrigin: null, member: null })).toBe(
      'https://m.example.com/',
    );
  });

  it('the mobile site’s login with the random password for members', () => {
    expect(mobileLink({ mobileSiteUrl: 'https://m.example.com', portalOrigin: null, member })).toBe(
      'https://m.example.com/pages/login/index?loginType=randomPassword&username=demo&password=Ab3%23x9',
    );
  });

  it('this portal when no mobile site is configured, never with the password', () => {
    expect(mobileLink({ mobileSiteUrl: null, portalOrigin: 'https://www.example.com', member })).toBe(
      'https://www.example.com/',
    );
    expect(mobileLink({ mobileSiteUrl: null, portalOrigin: null, member: null })).toBeNull();
  });
});
