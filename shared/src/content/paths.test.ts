import { describe, expect, it } from 'vitest';
import { companyPath, mobileCompanyPath } from '../company/paths';
import { MOBILE_PATHS, mobileSitePage, OWN_MOBILE_SITE } from '../routes';
import { detailPath, listPath, mobileDetailPath, xmkDetailPath, zbDetailPath } from './paths';
import { amountLabelOf, winnerLabel } from './zb-notice';

describe('where items are', () => {
  it('on the desktop site', () => {
    expect(listPath('zb')).toBe('/zb');
    expect(detailPath('xmk', 12)).toBe('/xmk/12');
    expect(xmkDetailPath(12)).toBe('/xmk/12');
    expect(zbDetailPath(7)).toBe('/zb/7');
    expect(companyPath(3)).toBe('/company/3');
  });

  it('on the mobile site, ours or another', () => {
    expect(mobileDetailPath('zb', 7)).toBe('/m/pages/zb/detail?id=7');
    expect(mobileDetailPath('xmk', 7, 'https://m.example.cn/')).toBe('https://m.example.cn/pages/xmk/detail?id=7');
    expect(mobileCompanyPath(3)).toBe('/m/pages/company/detail?id=3');
  });

  it('the mobile route table spells the same pages', () => {
    expect(MOBILE_PATHS.xmkList).toBe(mobileSitePage(OWN_MOBILE_SITE, 'xmk', 'index'));
    expect(MOBILE_PATHS.xmkDetail).toBe(mobileSitePage(OWN_MOBILE_SITE, 'xmk', 'detail'));
    expect(MOBILE_PATHS.zbList).toBe(mobileSitePage(OWN_MOBILE_SITE, 'zb', 'index'));
    expect(MOBILE_PATHS.zbDetail).toBe(mobileSitePage(OWN_MOBILE_SITE, 'zb', 'detail'));
    expect(MOBILE_PATHS.companyDetail).toBe(mobileSitePage(OWN_MOBILE_SITE, 'company', 'detail'));
  });
});

describe('a tender notice', () => {
  it('names its winner by the notice type: the first candidate in a 中标候选人公示', () => {
    expect(winnerLabel('4')).toBe('第一中标候选人');
    expect(winnerLabel('5')).toBe('中标人');
  });

  it('calls its amount a budget before an award, bids on a candidates notice, the award after', () => {
    expect(amountLabelOf('招标公告')).toBe('预算金额');
    expect(amountLabelOf('采购意向')).toBe('预算金额');
    expect(amountLabelOf('变更公告')).toBe('预算金额');
    expect(amountLabelOf('中标候选人公示')).toBe('投标报价');
    expect(amountLabelOf('中标结果')).toBe('中标金额');
    expect(amountLabelOf('合同公告')).toBe('合同金额');
  });
});
