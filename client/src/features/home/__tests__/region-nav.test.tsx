import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RegionNav } from '../components/region-nav';
import { createMemberEnv, renderWith, typist } from '../../../test/member-harness';

afterEach(cleanup);

const region = () => screen.getByRole('region', { name: '按地区浏览' });

describe('按地区浏览', () => {
  it('opens a city’s projects, and its tenders once 招标 is chosen', async () => {
    renderWith(() => <RegionNav />, createMemberEnv({}), '/');
    const projects = within(region()).getAllByRole('link', { name: /项目$/ });
    expect(projects.length).toBeGreaterThan(0);
    for (const link of projects) expect(link.getAttribute('href')).toMatch(/^\/xmk\?areaCode=\d{6}$/);
    expect(within(region()).getByRole('button', { name: '项目' })).toHaveAttribute('aria-pressed', 'true');

    await typist().click(within(region()).getByRole('button', { name: '招标' }));
    expect(within(region()).getByRole('button', { name: '招标' })).toHaveAttribute('aria-pressed', 'true');
    const tenders = within(region()).getAllByRole('link', { name: /招标$/ });
    expect(tenders).toHaveLength(projects.length);
    for (const link of tenders) expect(link.getAttribute('href')).toMatch(/^\/zb\?areaCode=\d{6}$/);
  });

  it('lists both on each city’s line in the vertical list', () => {
    renderWith(() => <RegionNav vertical />, createMemberEnv({}), '/');
    const first = within(region()).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('link', { name: '项目' }).getAttribute('href')).toMatch(/^\/xmk\?areaCode=/);
    expect(within(first).getByRole('link', { name: '招标' }).getAttribute('href')).toMatch(/^\/zb\?areaCode=/);
  });
});
