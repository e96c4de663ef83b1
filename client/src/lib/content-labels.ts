import type { ContentType } from '@shared/contract/common';

/** The two content types in the member's words: 项目 (xmk) and 招标 (zb). */
export const CONTENT_TYPE_LABEL: Record<ContentType, string> = { xmk: '项目', zb: '招标' };
