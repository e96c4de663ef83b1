import { describe, expect, it } from 'vitest';
import { mobileLink } from './mobile-link';

describe('what the /3g QR code opens', () => {
  const member = { userName: 'demo', randomPassword: 'Ab3#x9' };

  it('the mobile site’s home for visitors', () => {
    expect(mobileLink({ mobileSiteUrl: 'https://m.example.com/', portalOrigin: null, member: null })).toBe('https://m.example.com/');
  });

  it('the mobile site’s login with the random password for members', () => {
    expect(mobileLink({ mobileSiteUrl: 'https://m.example.com', portalOrigin: null, member })).toBe(
      'https://m.example.com/pages/login/index?loginType=randomPassword&username=demo&password=Ab3%23x9',
    );
  });

  it('the built-in mobile site /m on this portal by default and with the redirect off', () => {
    for (const mobileSiteUrl of ['/m', null]) {
      expect(mobileLink({ mobileSiteUrl, portalOrigin: 'https://www.example.com', member: null })).toBe('https://www.example.com/m/');
      expect(mobileLink({ mobileSiteUrl, portalOrigin: 'https://www.example.com', member })).toBe(
        'https://www.example.com/m/pages/login/index?loginType=randomPassword&username=demo&password=Ab3%23x9',
      );
    }
    // Before the origin is known (server render without SITE_URL) there is no whole URL yet.
    expect(mobileLink({ mobileSiteUrl: '/m', portalOrigin: null, member: null })).toBeNull();
  });
});
