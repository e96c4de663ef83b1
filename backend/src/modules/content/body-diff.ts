/**
 * What changed in a notice's text, for a 变更公告 whose fields equal the notice it changes (a
 * publicity period moved in prose, an 更正说明 added). Both bodies are read as plain text lines
 * (blocks and table rows end a line, cells are joined by " | "), compared line by line with jsdiff,
 * and changed lines refined character by character when they are alike enough to read as an
 * edit; changes are widened to whole numbers (27 → 29, not 7 → 9) and unchanged text is folded
 * down to some context around each change. Computed here, not in the browser: the answer carries
 * the changed text and its context, not two whole bodies and a diff library.
 */
import { createHash } from 'node:crypto';
import { diffArrays, diffChars } from 'diff';
import { decodeHTML } from 'entities';
import type { BodyDiffPart } from '@shared/content/notices';
import { sanitizeBodyHtml } from '@shared/content/body-html';

/** Unchanged characters kept before and after each change. */
export const DIFF_CONTEXT = 40;
/** Changed blocks longer than this (characters, both sides) are shown whole rather than refined. */
const REFINE_LIMIT = 6000;
/** A character diff gets this long (ms) before its block is shown whole. */
const REFINE_TIMEOUT_MS = 50;
/** Below this share of common characters two blocks read as a replacement, not an edit. */
const ALIKE = 0.5;
/** Below this share of common character pairs two blocks are not worth a character diff. */
const PAIRS_ALIKE = 0.4;
/** Unchanged runs this short between two changes join them (one readable change, not confetti). */
const GLUE = 2;

const CELL_END = '\u0001';

/** A sanitised body's text as lines: one per block or table row, cells joined by " | ", spacing collapsed. */
export function bodyLines(html: string): string[] {
  const text = sanitizeBodyHtml(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|tr|li|h[1-6]|table|blockquote|dt|dd|caption|pre)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, CELL_END)
    .replace(/<[^>]*>/g, '');
  return decodeHTML(text)
    .split('\n')
    .map((line) =>
      line
        .split(CELL_END)
        .map((cell) => cell.replace(/[\s\u00a0\u3000]+/g, ' ').trim())
        .filter((cell) => cell !== '')
        .join(' | '),
    )
    .filter((line) => line !== '');
}

/**
 * The share of adjacent character pairs two texts have in common (Dice's coefficient): linear, and
 * far below PAIRS_ALIKE for two different texts, which a character diff would take tens of
 * milliseconds to tell apart. An edit keeps most pairs, so alike blocks pass.
 */
function pairShare(a: string, b: string): number {
  const pairs = new Map<string, number>();
  for (let i = 0; i + 1 < a.length; i++) {
    const pair = a.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  let common = 0;
  for (let i = 0; i + 1 < b.length; i++) {
    const pair = b.slice(i, i + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      common++;
      pairs.set(pair, left - 1);
    }
  }
  return (2 * common) / Math.max(1, a.length + b.length - 2);
}

type Change = { op: 'same' | 'del' | 'ins'; text: string };
const len = (text: string) => Array.from(text).length;

/** Two changed blocks as character edits, or whole when they are too unlike (or too long) to read as one. */
function refine(before: string, after: string): Change[] {
  const whole: Change[] = [
    ...(before ? [{ op: 'del' as const, text: before }] : []),
    ...(after ? [{ op: 'ins' as const, text: after }] : []),
  ];
  if (!before || !after || before.length + after.length > REFINE_LIMIT) return whole;
  // Alike means at least ALIKE of the longer block in common, so at most this many edits: the
  // character diff gives up beyond it instead of spending its time proving two texts unalike.
  const maxEditLength = before.length + after.length - 2 * Math.ceil(ALIKE * Math.max(before.length, after.length));
  if (maxEditLength < 0 || pairShare(before, after) < PAIRS_ALIKE) return whole;
  const parts = diffChars(before, after, { maxEditLength, timeout: REFINE_TIMEOUT_MS });
  if (!parts) return whole;
  const common = parts.filter((p) => !p.added && !p.removed).reduce((n, p) => n + p.value.length, 0);
  if (common / Math.max(before.length, after.length) < ALIKE) return whole;
  return parts.map((p) => ({ op: p.added ? 'ins' : p.removed ? 'del' : 'same', text: p.value }));
}

/** Consecutive changes as one deletion and one insertion; short unchanged runs between changes joined in. */
function cluster(changes: Change[]): Change[] {
  const out: Change[] = [];
  let del = '';
  let ins = '';
  const flush = () => {
    if (del) out.push({ op: 'del', text: del });
    if (ins) out.push({ op: 'ins', text: ins });
    del = ins = '';
  };
  changes.forEach((c, i) => {
    if (c.op === 'del') del += c.text;
    else if (c.op === 'ins') ins += c.text;
    else if ((del || ins) && len(c.text) <= GLUE && !c.text.includes('\n') && changes[i + 1] && changes[i + 1]!.op !== 'same') {
      del += c.text;
      ins += c.text;
    } else {
      flush();
      const last = out.at(-1);
      if (last?.op === 'same') last.text += c.text;
      else out.push({ ...c });
    }
  });
  flush();
  return out.filter((c) => c.text !== '');
}

/** A change that starts or ends inside a number takes the whole number: 2026年6月2[7→9]日 reads 2026年6月[27→29]日. */
function wholeNumbers(changes: Change[]): Change[] {
  const out = changes.map((c) => ({ ...c }));
  for (let i = 0; i < out.length; i++) {
    if (out[i]!.op === 'same') continue;
    let end = i;
    while (end + 1 < out.length && out[end + 1]!.op !== 'same') end++;
    const group = out.slice(i, end + 1);
    const prev = out[i - 1];
    const next = out[end + 1];
    const lead = prev && group.some((c) => /^\d/.test(c.text)) ? (/\d+$/.exec(prev.text)?.[0] ?? '') : '';
    const trail = next && group.some((c) => /\d$/.test(c.text)) ? (/^\d+/.exec(next.text)?.[0] ?? '') : '';
    if (lead) prev!.text = prev!.text.slice(0, -lead.length);
    if (trail) next!.text = next!.text.slice(trail.length);
    for (const c of group) c.text = lead + c.text + trail;
    i = end;
  }
  return out.filter((c) => c.text !== '');
}

/** Unchanged text down to its context: the end of what precedes a change, the start of what follows. */
function fold(changes: Change[]): BodyDiffPart[] {
  const out: BodyDiffPart[] = [];
  changes.forEach((c, i) => {
    if (c.op !== 'same') {
      out.push(c);
      return;
    }
    const chars = Array.from(c.text);
    const head = i > 0 ? DIFF_CONTEXT : 0;
    const tail = i < changes.length - 1 ? DIFF_CONTEXT : 0;
    if (chars.length <= head + tail + DIFF_CONTEXT / 2) {
      out.push(c);
      return;
    }
    if (head) out.push({ op: 'same', text: chars.slice(0, head).join('') });
    out.push({ op: 'fold', chars: chars.length - head - tail });
    if (tail) out.push({ op: 'same', text: chars.slice(chars.length - tail).join('') });
  });
  return out;
}

/**
 * The text diff of two HTML bodies, or null when their text is the same. `mask` is applied to
 * every line first (contacts for a caller who may not see them), so nothing shows unmasked.
 */
export function bodyDiff(beforeHtml: string, afterHtml: string, mask: (line: string) => string = (line) => line): BodyDiffPart[] | null {
  const before = bodyLines(beforeHtml).map(mask);
  const after = bodyLines(afterHtml).map(mask);
  if (before.join('\n') === after.join('\n')) return null;
  const lines = (list: string[]) => list.map((line) => `${line}\n`).join('');
  const changes: Change[] = [];
  let removed: string[] = [];
  for (const part of diffArrays(before, after)) {
    if (part.removed) removed = part.value;
    else if (part.added) {
      changes.push(...refine(lines(removed), lines(part.value)));
      removed = [];
    } else {
      if (removed.length) changes.push({ op: 'del', text: lines(removed) });
      removed = [];
      changes.push({ op: 'same', text: lines(part.value) });
    }
  }
  if (removed.length) changes.push({ op: 'del', text: lines(removed) });
  const parts = fold(wholeNumbers(cluster(changes)));
  // No line break dangles at the very end.
  const last = parts.at(-1);
  if (last && last.op !== 'fold') last.text = last.text.replace(/\n$/, '');
  return parts;
}

/** Text diffs kept, newest last: a correction's detail page is read far more often than it changes. */
const CACHE_SIZE = 500;
const cache = new Map<string, BodyDiffPart[] | null>();
const digest = (text: string) => createHash('sha1').update(text).digest('base64');

/**
 * `bodyDiff`, remembered per pair of bodies and masking: a 1,500-row bill of quantities takes tens
 * of milliseconds on the thread that answers the detail call (`npm run bench:diff`), hashing it a
 * fraction of one.
 */
export function cachedBodyDiff(
  beforeHtml: string,
  afterHtml: string,
  masked: boolean,
  mask: (line: string) => string,
): BodyDiffPart[] | null {
  const key = `${masked ? 'm' : 'o'}:${digest(beforeHtml)}:${digest(afterHtml)}`;
  if (cache.has(key)) {
    const hit = cache.get(key)!;
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const parts = bodyDiff(beforeHtml, afterHtml, masked ? mask : undefined);
  cache.set(key, parts);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return parts;
}
