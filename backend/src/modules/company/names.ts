/**
 * One company per name (docs/decisions/companies.md): names that differ
 * only in width (ＡＢＣ/ABC, （）/()), spaces or Latin case are one company. Legal-form variants
 * (有限公司 / 有限责任公司, 集团 / 集团有限公司) stay apart: they can be different registered firms.
 */

/** The key that decides which names are one company; '' for a name that is no company. */
export function companyKey(name: string | null | undefined): string {
  if (!name) return '';
  return name
    .normalize('NFKC')
    .replace(/[\s\u200b-\u200d\ufeff]+/gu, '')
    .toLowerCase();
}

/** The name as shown: trimmed, inner runs of spaces kept single, brackets in their Chinese form. */
export function displayName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').replace(/\(/g, '（').replace(/\)/g, '）');
}

/** Longest name kept (the import's tenderer, agency and winner fields allow 100 characters). */
export const COMPANY_NAME_MAX = 100;

/**
 * The 中标候选人 named in a 候选人公示's body: "第一中标候选人：X，…". Real notices vary; what this
 * does not recognise is simply not counted (docs/decisions/companies.md).
 */
export function candidatesIn(html: string): string[] {
  const text = html.replace(/<[^>]*>/g, ' ');
  const found: string[] = [];
  for (const m of text.matchAll(/第[一二三四五六七八九十\d]+(?:中标)?候选人\s*[:：]\s*([^，,；;。:：\s]{2,100})/gu)) {
    found.push(m[1]!);
  }
  return found;
}
