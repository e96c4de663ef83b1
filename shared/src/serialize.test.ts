import { describe, expect, it } from 'vitest';
import { serializeForScript } from './serialize';

describe('serializeForScript', () => {
  it('cannot close or comment out the script element, whatever the data', () => {
    const hostile = { title: '</script><script>alert(1)</script>', note: '<!-- x -->', amp: 'a&b', ls: '\u2028\u2029' };
    const out = serializeForScript(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(hostile);
  });

  it('round-trips ordinary data and undefined', () => {
    const data = { rows: [{ id: 1, title: '济南市道路改扩建工程' }], total: 1, nested: { ok: true, n: null } };
    expect(JSON.parse(serializeForScript(data))).toEqual(data);
    expect(serializeForScript(undefined)).toBe('null');
  });
});
