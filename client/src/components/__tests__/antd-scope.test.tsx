import { cleanup, render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { AntdScope } from '../antd-scope';

afterEach(cleanup);

describe('antd scope (spec §9 locale text)', () => {
  it('shows 确定 and 取消 as written, without the space antd inserts between two Chinese characters', () => {
    render(
      <AntdScope>
        <Button type="primary">确定</Button>
        <Button>取消</Button>
      </AntdScope>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['确定', '取消']);
  });
});
