import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HighlightText, parseHighlight, unescapeHtml } from '../highlight';

afterEach(cleanup);

describe('search hit highlighting', () => {
  it('splits the backend’s highlightTitle on <em>', () => {
    expect(parseHighlight('乐陵市新华路<em>道路</em>改扩建<em>工程</em>')).toEqual([
      { text: '乐陵市新华路', hit: false },
      { text: '道路', hit: true },
      { text: '改扩建', hit: false },
      { text: '工程', hit: true },
    ]);
  });

  it('shows escaped markup as the characters it stands for', () => {
    expect(unescapeHtml('&lt;script&gt;&amp;&quot;&#39;&#x4e2d;&#20013;&unknown;')).toBe('<script>&"\'中中&unknown;');
  });

  it('never turns a title into HTML', () => {
    const { container } = render(<HighlightText html={'&lt;img src=x onerror=alert(1)&gt;<em>&lt;b&gt;</em>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<b>');
    expect(container.textContent).toBe('<img src=x onerror=alert(1)><b>');
  });
});
