import { describe, expect, it } from 'vitest';
import {
  desktopUrlFor,
  getInAppBrowser,
  mobileAlternate,
  mobileRedirectTarget,
  phonesKeepDesktopPage,
  type DeviceType,
  type InAppBrowser,
} from './device';
import { OWN_MOBILE_SITE } from './routes';
import { getDeviceType, isCrawler, isMobileUserAgent } from './user-agent';

/** Real User-Agent strings as sent by the browsers and apps named. */
const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  ie11Windows: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeLinux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.6367.29 Safari/537.36',
  // iPadOS 13+ Safari: byte-for-byte the macOS Safari UA.
  iPadOS17Safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',

  androidChrome: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTabletChrome: 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  huaweiBrowser:
    'Mozilla/5.0 (Linux; Android 10; HarmonyOS; ELS-AN00; HMSCore 6.13.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.5.302 Mobile Safari/537.36',
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  iPad12Safari:
    'Mozilla/5.0 (iPad; CPU OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  iPodTouch:
    'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_5_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1',
  windowsPhone81:
    'Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537',
  windows10Mobile:
    'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
  blackBerry9900:
    'Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en) AppleWebKit/534.11+ (KHTML, like Gecko) Version/7.1.0.346 Mobile Safari/534.11+',
  blackBerry10: 'Mozilla/5.0 (BB10; Touch) AppleWebKit/537.10+ (KHTML, like Gecko) Version/10.0.9.2372 Mobile Safari/537.10+',
  palmWebOS: 'Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2 (KHTML, like Gecko) Version/1.0 Safari/532.2 Pre/1.0',
  // LG TVs say "Web0S" (zero): a television is not a mobile device.
  lgWebOSTV: 'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
  // HarmonyOS NEXT dropped the Android token; the spec's list does not name it.
  harmonyNext:
    'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300',

  wechatAndroid:
    'Mozilla/5.0 (Linux; Android 13; V2148A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/111.0.5563.116 Mobile Safari/537.36 XWEB/1110005 MMWEBSDK/20230805 MMWEBID/4566 MicroMessenger/8.0.42.2460(0x28002A35) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
  wechatIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.42(0x18002a2c) NetType/WIFI Language/zh_CN',
  wechatWindows:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/81.0.4044.138 Safari/537.36 NetType/WIFI MicroMessenger/7.0.20.1781(0x6700143B) WindowsWechat(0x63090a13) XWEB/8391 Flue',
  weiboIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Weibo (iPhone13,2__weibo__13.8.1__iphone__os16.6)',
  weiboAndroid:
    'Mozilla/5.0 (Linux; Android 12; ELS-AN00 Build/HUAWEIELS-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 Weibo (HUAWEI-ELS-AN00__weibo__13.8.1__android__android12)',
  toutiaoAndroid:
    'Mozilla/5.0 (Linux; Android 12; ANA-AN00 Build/HUAWEIANA-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 JsSdk/2 NewsArticle/9.5.1 NetType/wifi BytedanceWebview/d8a21c6',
  toutiaoIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 NewsArticle/9.5.1.37 JsSdk/2.0 NetType/WIFI (News 9.5.1 16.600000) WKWebView/1 TTWebView/0131130001254',
  douyinAndroid:
    'Mozilla/5.0 (Linux; Android 12; ANA-AN00 Build/HUAWEIANA-AN00; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/99.0.4844.88 Mobile Safari/537.36 aweme_270300 JsSdk/1.0 NetType/WIFI Channel/huawei_1128_64 AppName/aweme app_version/27.3.0 ByteLocale/zh-CN Region/CN AppSkin/white AppTheme/light BytedanceWebview/d8a21c6 WebView/075113004203',
  douyinIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 aweme_27.3.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/zh Region/CN AppTheme/light RevealType/Dialog WKWebView/1 BytedanceWebview/d8a21c6',
  tiktokAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 trill_2023009050 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/30.9.5 ByteLocale/en ByteFullLocale/en Region/US',
  tiktokIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 musical_ly_30.5.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US ByteFullLocale/en isDarkMode/0 WKWebView/1 RevealType/Dialog',
  facebookIOS:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/16.5;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/0]',
  facebookAndroid:
    'Mozilla/5.0 (Linux; Android 13; SM-S911B Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/114.0.5735.196 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/420.0.0.32.61;]',

  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  googlebotSmartphone:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.118 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  baiduspider: 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
  baiduspiderMobile:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 9_1 like Mac OS X) AppleWebKit/601.1.46 (KHTML, like Gecko) Version/9.0 Mobile/13B143 Safari/601.1 (compatible; Baiduspider-render/2.0; +http://www.baidu.com/search/spider.html)',
  bingbot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
  bytespider:
    'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
  // A phone whose brand contains "bot": must not be mistaken for a crawler.
  cubotPhone: 'Mozilla/5.0 (Linux; Android 9; CUBOT P30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
} as const;

type UaName = keyof typeof UA;

describe('getDeviceType / isMobileUserAgent', () => {
  const cases: [UaName, DeviceType][] = [
    ['chromeWindows', 'pc'],
    ['firefoxWindows', 'pc'],
    ['edgeWindows', 'pc'],
    ['ie11Windows', 'pc'],
    ['chromeMac', 'pc'],
    ['safariMac', 'pc'],
    ['firefoxMac', 'pc'],
    ['chromeLinux', 'pc'],
    ['firefoxLinux', 'pc'],
    ['headlessChromium', 'pc'],
    // iPadOS 13+ is indistinguishable from macOS Safari by UA: documented as pc.
    ['iPadOS17Safari', 'pc'],
    ['androidChrome', 'android'],
    ['androidTabletChrome', 'android'],
    ['huaweiBrowser', 'android'],
    ['cubotPhone', 'android'],
    ['iPhoneSafari', 'ios'],
    ['iPhoneChrome', 'ios'],
    ['iPad12Safari', 'ios'],
    ['iPodTouch', 'ios'],
    ['windowsPhone81', 'mobile'],
    ['windows10Mobile', 'mobile'],
    ['blackBerry9900', 'mobile'],
    ['blackBerry10', 'mobile'],
    ['palmWebOS', 'mobile'],
    ['lgWebOSTV', 'pc'],
    ['harmonyNext', 'pc'],
    ['wechatAndroid', 'android'],
    ['wechatIOS', 'ios'],
    // spec §2 lists WeChat itself as mobile, so desktop WeChat's browser is too.
    ['wechatWindows', 'mobile'],
    ['weiboIOS', 'ios'],
    ['weiboAndroid', 'android'],
    ['toutiaoAndroid', 'android'],
    ['toutiaoIOS', 'ios'],
    ['douyinAndroid', 'android'],
    ['douyinIOS', 'ios'],
    ['tiktokAndroid', 'android'],
    ['tiktokIOS', 'ios'],
    ['facebookIOS', 'ios'],
    ['facebookAndroid', 'android'],
    ['googlebot', 'pc'],
    ['googlebotSmartphone', 'pc'],
    ['baiduspider', 'pc'],
    ['baiduspiderMobile', 'pc'],
    ['bingbot', 'pc'],
    ['bytespider', 'pc'],
  ];

  it('covers every sample UA', () => {
    expect(new Set(cases.map(([name]) => name))).toEqual(new Set(Object.keys(UA)));
  });

  it.each(cases)('%s → %s', (name, expected) => {
    expect(getDeviceType(UA[name])).toBe(expected);
    // The redirect decision and the device type never disagree.
    expect(isMobileUserAgent(UA[name])).toBe(expected !== 'pc');
  });

  it.each([undefined, null, '', '   ', '-'])('treats a missing or meaningless UA (%j) as pc', (ua) => {
    expect(getDeviceType(ua)).toBe('pc');
    expect(isMobileUserAgent(ua)).toBe(false);
    expect(getInAppBrowser(ua)).toBeNull();
  });

  it('matches the spec list case-insensitively', () => {
    expect(isMobileUserAgent('some-app ANDROID client')).toBe(true);
    expect(getDeviceType('ipad app')).toBe('ios');
    expect(getDeviceType('WebOS browser')).toBe('mobile');
  });
});

describe('isCrawler', () => {
  it.each(['googlebot', 'googlebotSmartphone', 'baiduspider', 'baiduspiderMobile', 'bingbot', 'bytespider'] as const)(
    '%s is a crawler',
    (name) => expect(isCrawler(UA[name])).toBe(true),
  );

  it.each(['chromeWindows', 'androidChrome', 'iPhoneSafari', 'cubotPhone', 'wechatAndroid'] as const)('%s is not a crawler', (name) =>
    expect(isCrawler(UA[name])).toBe(false),
  );

  it.each([
    'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    'curl/8.5.0',
  ])('knows crawlers and scripts beyond the search engines: %s', (ua) => {
    expect(isCrawler(ua)).toBe(true);
    expect(getDeviceType(ua)).toBe('pc');
  });

  it('is false for a missing UA', () => {
    expect(isCrawler(undefined)).toBe(false);
    expect(isCrawler('')).toBe(false);
  });
});

describe('getInAppBrowser', () => {
  const cases: [UaName, InAppBrowser | null][] = [
    ['wechatAndroid', 'wechat'],
    ['wechatIOS', 'wechat'],
    ['wechatWindows', 'wechat'],
    ['weiboIOS', 'weibo'],
    ['weiboAndroid', 'weibo'],
    // Toutiao also carries BytedanceWebview; NewsArticle must win.
    ['toutiaoAndroid', 'toutiao'],
    ['toutiaoIOS', 'toutiao'],
    ['douyinAndroid', 'tiktok'],
    ['douyinIOS', 'tiktok'],
    ['tiktokAndroid', 'tiktok'],
    ['tiktokIOS', 'tiktok'],
    ['facebookIOS', 'fb'],
    ['facebookAndroid', 'fb'],
    ['chromeWindows', null],
    ['safariMac', null],
    ['androidChrome', null],
    ['iPhoneSafari', null],
    ['iPhoneChrome', null],
    ['huaweiBrowser', null],
    ['googlebotSmartphone', null],
  ];

  it.each(cases)('%s → %s', (name, expected) => {
    expect(getInAppBrowser(UA[name])).toBe(expected);
  });

  it('recognises a bare BytedanceWebview as tiktok', () => {
    expect(getInAppBrowser('Mozilla/5.0 (Linux; Android 12) Mobile Safari/537.36 BytedanceWebview/d8a21c6')).toBe('tiktok');
  });
});

describe('in-app browsers get the mobile redirect (spec §2)', () => {
  // App web views on an iPad in desktop mode name macOS, not the iPad.
  const desktopModeApps = {
    tiktok: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) aweme/30.1.0 JsSdk/2.0 NetType/WIFI',
    toutiao:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) NewsArticle/9.7.8 JsSdk/2.0 NetType/WIFI',
  } as const;

  it.each(Object.entries(desktopModeApps))('%s in desktop mode is a mobile device', (app, ua) => {
    expect(getInAppBrowser(ua)).toBe(app);
    expect(isMobileUserAgent(ua)).toBe(true);
    expect(getDeviceType(ua)).toBe('mobile');
  });
});

describe('mobileRedirectTarget', () => {
  const site = 'https://m.example.cn';

  it.each([
    ['/xmk/123', `${site}/pages/xmk/detail?id=123`],
    ['/zb/45', `${site}/pages/zb/detail?id=45`],
    ['/xmk/123/', `${site}/pages/xmk/detail?id=123`],
    ['/zb/9007199254740991', `${site}/pages/zb/detail?id=9007199254740991`],
    // Extra segments after the id are ignored.
    ['/xmk/123/extra', `${site}/pages/xmk/detail?id=123`],
    // Query and hash are not part of the path.
    ['/xmk/123?from=share#top', `${site}/pages/xmk/detail?id=123`],
    ['/xmk', `${site}/pages/xmk/index`],
    ['/zb', `${site}/pages/zb/index`],
    ['/zb/', `${site}/pages/zb/index`],
    ['/xmk?keyword=学校', `${site}/pages/xmk/index`],
    // Not an id: same section, no id → tab page (spec §2, second case).
    ['/xmk/abc', `${site}/pages/xmk/index`],
    ['/zb/0', `${site}/pages/zb/index`],
    ['/zb/-5', `${site}/pages/zb/index`],
    ['/zb/1.5', `${site}/pages/zb/index`],
    ['/xmk/007', `${site}/pages/xmk/index`],
    ['/xmk/1e3', `${site}/pages/xmk/index`],
    ['/xmk/99999999999999999999', `${site}/pages/xmk/index`],
    // Everything else → home.
    ['/', `${site}/`],
    ['', `${site}/`],
    ['/user', `${site}/`],
    ['/user/favorite', `${site}/`],
    ['/support/about', `${site}/`],
    ['/goods/12', `${site}/`],
    ['/xmkx/12', `${site}/`],
    ['/XMK/12', `${site}/`],
    ['/business/xmzx', `${site}/`],
  ])('%s → %s', (pathname, expected) => {
    expect(mobileRedirectTarget(site, pathname)).toBe(expected);
  });

  it('strips trailing slashes from the base and keeps its path', () => {
    expect(mobileRedirectTarget('https://m.example.cn/', '/xmk/1')).toBe('https://m.example.cn/pages/xmk/detail?id=1');
    expect(mobileRedirectTarget('https://m.example.cn//', '/')).toBe('https://m.example.cn/');
    expect(mobileRedirectTarget('https://example.cn/h5/', '/zb')).toBe('https://example.cn/h5/pages/zb/index');
    expect(mobileRedirectTarget('http://10.0.0.5:8080', '/zb/7')).toBe('http://10.0.0.5:8080/pages/zb/detail?id=7');
  });
});

describe("mobileRedirectTarget: member pages on the portal's own mobile site", () => {
  it.each([
    ['/user_login', '', '/m/pages/login/index'],
    ['/user_register', '', '/m/pages/register/index'],
    // The page the visitor was going to comes along, as its mobile twin.
    ['/user_login', '?redirect=%2Fuser%2Ffavorite', `/m/pages/login/index?redirect=${encodeURIComponent('/m/pages/user/favorite')}`],
    ['/user_login', '?redirect=%2Fzb%2F12', `/m/pages/login/index?redirect=${encodeURIComponent('/m/pages/zb/detail?id=12')}`],
    [
      '/user_register',
      '?from=x&redirect=%2Fxmk%3Fkeyword%3D%E6%A1%A5',
      `/m/pages/register/index?redirect=${encodeURIComponent('/m/pages/xmk/index?keyword=桥')}`,
    ],
    [
      '/user_login',
      '?redirect=%2Fm%2Fpages%2Fuser%2Fpoints',
      `/m/pages/login/index?redirect=${encodeURIComponent('/m/pages/user/points')}`,
    ],
    ['/user_login', '?redirect=%2Fgoods', `/m/pages/login/index?redirect=${encodeURIComponent('/m/pages/user/vip')}`],
    // Only same-site paths (safeRedirectTarget): anything else is dropped, not followed.
    ['/user_login', '?redirect=https%3A%2F%2Fevil.example%2F', '/m/pages/login/index'],
    ['/user_login', '?redirect=%2F%2Fevil.example', '/m/pages/login/index'],
    ['/user_login', '?redirect=%2F%5Cevil.example', '/m/pages/login/index'],
    ['/user_login', '?redirect=%E0%A4%A', '/m/pages/login/index'],
    ['/user', '', '/m/pages/user/index'],
    ['/user/favorite', '', '/m/pages/user/favorite'],
    ['/user/bidding', '', '/m/pages/user/bidding'],
    ['/user/logscore', '', '/m/pages/user/points'],
    ['/user/vipuser', '', '/m/pages/user/vip'],
    ['/user/alerts', '', '/m/pages/user/alerts'],
    ['/user/member', '', '/m/pages/user/index'],
    ['/user/resetPassword', '', '/m/pages/user/index'],
    ['/goods', '', '/m/pages/user/vip'],
    ['/user/chargeMember', '', '/m/pages/user/vip'],
    ['/user/baifangClient', '', '/m/pages/user/clients'],
    ['/user/baifangRecords', '', '/m/pages/user/records'],
    // Not member pages.
    ['/username', '', '/m/'],
    ['/support/about', '', '/m/'],
  ])('%s%s → %s', (path, search, expected) => {
    expect(mobileRedirectTarget(OWN_MOBILE_SITE, path, search)).toBe(expected);
  });

  it("another mobile site gets the spec's home for member pages", () => {
    expect(mobileRedirectTarget('https://m.example.cn', '/user_login', '?redirect=%2Fuser')).toBe('https://m.example.cn/');
    expect(mobileRedirectTarget('https://m.example.cn', '/goods')).toBe('https://m.example.cn/');
  });
});

describe('desktopUrlFor: the desktop page of a mobile page', () => {
  it.each([
    ['/m/', '', '/'],
    ['/m/pages/zb/detail', '?id=12', '/zb/12'],
    ['/m/pages/xmk/detail', '?from=share&id=5', '/xmk/5'],
    ['/m/pages/xmk/detail', '?id=abc', '/xmk'],
    ['/m/pages/zb/index', '?keyword=%E6%A1%A5&industry=2', '/zb?keyword=%E6%A1%A5&industry=2'],
    ['/m/pages/xmk/index', '', '/xmk'],
    ['/m/pages/login/index', '?loginType=randomPassword', '/user_login'],
    ['/m/pages/user/favorite', '', '/user/favorite'],
    ['/m/pages/user/points', '', '/user/logscore'],
    ['/m/pages/user/clients', '', '/user/baifangClient'],
    ['/m/pages/user/client', '?id=3', '/user/baifangClient'],
    ['/m/pages/user/records', '', '/user/baifangRecords'],
    ['/m/pages/nothing', '', '/'],
    ['/m/pages/company/detail', '?id=7', '/company/7'],
    ['/m/pages/company/detail', '?id=0', '/company'],
  ])('%s%s → %s', (path, search, desktop) => {
    expect(desktopUrlFor(path, search)).toBe(desktop);
  });

  it('is the inverse of the redirect on lists and details', () => {
    for (const url of ['/zb/12', '/xmk/3', '/zb', '/xmk?keyword=a&industry=2', '/company/8']) {
      const [path, query] = url.split('?');
      const target = mobileRedirectTarget(OWN_MOBILE_SITE, path!, query ? `?${query}` : '');
      const [mPath, mQuery] = target.split('?');
      expect(desktopUrlFor(mPath!, mQuery ? `?${mQuery}` : '')).toBe(url);
    }
  });
});

describe('mail-link pages on the phone', () => {
  it('keeps the mail links’ pages and the recovery request, which fit a phone as they are', () => {
    for (const path of ['/mail/confirm', '/mail/unsubscribe', '/password/forgot', '/password/reset']) {
      expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, path)).toBe(true);
    }
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/password')).toBe(false);
  });
});

describe('company pages on the phone', () => {
  it('sends /company/{id} to the mobile company page of the portal’s own mobile site', () => {
    expect(mobileRedirectTarget(OWN_MOBILE_SITE, '/company/42')).toBe('/m/pages/company/detail?id=42');
    expect(mobileRedirectTarget('/m/', '/company/42/extra?from=x')).toBe('/m/pages/company/detail?id=42');
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/company/42')).toBe(false);
  });

  it('keeps the company search, bad ids and another mobile site’s phones on the desktop page', () => {
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/company')).toBe(true);
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/company/abc')).toBe(true);
    expect(phonesKeepDesktopPage('https://m.example.cn', '/company/42')).toBe(true);
    expect(phonesKeepDesktopPage('https://m.example.cn', '/company')).toBe(true);
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/companyx/1')).toBe(false);
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/zb/1')).toBe(false);
    // Another site has no company page: a redirect there would be to its home, never a 404.
    expect(mobileRedirectTarget('https://m.example.cn', '/company/42')).toBe('https://m.example.cn/');
  });

  it('gives the desktop profile its mobile alternate only on the own mobile site', () => {
    expect(mobileAlternate(OWN_MOBILE_SITE, '/company/42')).toBe('/m/pages/company/detail?id=42');
    expect(mobileAlternate('https://m.example.cn', '/company/42')).toBeNull();
    expect(mobileAlternate(OWN_MOBILE_SITE, '/company')).toBeNull();
  });
});

describe('the open-data page on the phone', () => {
  it('has a twin on the portal’s own mobile site, and stays the desktop page with another', () => {
    expect(mobileRedirectTarget(OWN_MOBILE_SITE, '/open-data')).toBe('/m/pages/open-data/index');
    expect(phonesKeepDesktopPage(OWN_MOBILE_SITE, '/open-data')).toBe(false);
    expect(phonesKeepDesktopPage('https://m.example.cn', '/open-data')).toBe(true);
    expect(mobileAlternate(OWN_MOBILE_SITE, '/open-data')).toBe('/m/pages/open-data/index');
    expect(mobileAlternate('https://m.example.cn', '/open-data')).toBeNull();
    expect(desktopUrlFor('/m/pages/open-data/index')).toBe('/open-data');
  });
});
