/**
 * An absolute http(s) address without spaces: the only links the portal takes from publishers
 * (原文链接, 附件). The import refuses anything else; pages drop anything else a backend sends.
 * No zod here: pages that show links must not load the contract's schemas.
 */
export const HTTP_URL_RE = /^https?:\/\/\S+$/i;

/** `value` trimmed when it is an http(s) address by HTTP_URL_RE, else null (javascript:, data:, relative). */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  const url = value?.trim() ?? '';
  return HTTP_URL_RE.test(url) ? url : null;
}
