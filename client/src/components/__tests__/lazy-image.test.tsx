import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LazyImage } from '../lazy-image';

afterEach(cleanup);

/** jsdom has no IntersectionObserver and lays nothing out: every element counts as in view. */
describe('lazy images (spec §9)', () => {
  it('loads an image once it is near the viewport', async () => {
    await act(async () => {
      render(<LazyImage src="/images/a.svg" alt="示意图" width={400} height={240} />);
    });
    const img = screen.getByRole('img', { name: '示意图' });
    expect(img).toHaveAttribute('src', '/images/a.svg');
    fireEvent.load(img);
    expect(img.parentElement).toHaveClass('is-loaded');
  });

  it('tries twice, then shows the description instead of a broken image', async () => {
    await act(async () => {
      render(<LazyImage src="/images/missing.svg" alt="造价咨询示意图" width={400} height={240} />);
    });
    fireEvent.error(screen.getByRole('img', { name: '造价咨询示意图' }));
    // The second attempt is a new element: browsers do not re-request a failed src.
    const retry = screen.getByRole('img', { name: '造价咨询示意图' });
    fireEvent.error(retry);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('造价咨询示意图')).toBeInTheDocument();
  });

  it('shows a source loaded before at once on the next mount', async () => {
    await act(async () => {
      render(<LazyImage src="/images/b.svg" alt="b" width={10} height={10} />);
    });
    fireEvent.load(screen.getByRole('img', { name: 'b' }));
    cleanup();
    render(<LazyImage src="/images/b.svg" alt="b" width={10} height={10} />);
    expect(screen.getByRole('img', { name: 'b' }).parentElement).toHaveClass('is-loaded');
  });
});
