/**
 * JSON for embedding in HTML <script> elements. Escaping <, > and & means no "</script>" or "<!--"
 * can end or alter the element whatever the data holds (titles, keywords and bodies come from
 * users and the CMS); U+2028/2029 are escaped for older JavaScript parsers. JSON.parse reads it back
 * unchanged.
 */
const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

export function serializeForScript(value: unknown): string {
  const json = JSON.stringify(value) ?? 'null';
  return json.replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c] ?? c);
}
