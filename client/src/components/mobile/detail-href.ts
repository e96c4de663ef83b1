import { MOBILE_PATHS } from '@shared/routes';

/** A mobile detail page's address (issue 14); a module of its own, so that details need not load the rows. */
export const mobileDetailHref = (type: 'xmk' | 'zb', id: number) =>
  `${type === 'xmk' ? MOBILE_PATHS.xmkDetail : MOBILE_PATHS.zbDetail}?id=${id}`;
