/**
 * The company's consulting services (DOMAIN.md: /business/gczx, xmzx, zjzx): what the home pages'
 * cards and the service pages share. Each page's own text lives with the business feature.
 * `source` is where a consultation message comes from.
 */
import type { MsgSource } from '@shared/content/types';

export interface BusinessService {
  path: `/business/${string}`;
  source: Extract<MsgSource, 'gczx' | 'xmzx' | 'zjzx'>;
  name: string;
  tagline: string;
  image: string;
}

const GCZX: BusinessService = {
  path: '/business/gczx',
  source: 'gczx',
  name: '工程咨询',
  tagline: '项目前期到竣工的全过程工程咨询',
  image: '/images/service-gczx.svg',
};

const XMZX: BusinessService = {
  path: '/business/xmzx',
  source: 'xmzx',
  name: '项目咨询',
  tagline: '找项目、跟项目、拿项目',
  image: '/images/service-xmzx.svg',
};

const ZJZX: BusinessService = {
  path: '/business/zjzx',
  source: 'zjzx',
  name: '造价咨询',
  tagline: '算得准、控得住的工程造价服务',
  image: '/images/service-zjzx.svg',
};

export const BUSINESS_SERVICE: Record<BusinessService['source'], BusinessService> = {
  gczx: GCZX,
  xmzx: XMZX,
  zjzx: ZJZX,
};
export const BUSINESS_SERVICES: readonly BusinessService[] = [GCZX, XMZX, ZJZX];
