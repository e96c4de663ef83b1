/** names link to their company page only when the backend offers companies. */
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyLink } from '../components/company-link';
import { NO_SETTINGS, PortalSettingsProvider } from '../../../lib/portal-settings';
import { MaskedContactNote } from '../pages/company-detail-page';
import { companySearchHref, readCompanyQuery } from '../pages/company-list-page';

afterEach(cleanup);

function renderLink(capabilities: string[], id: number | undefined, name = '山东琥珀建设集团有限公司', at = '/zb/1') {
  return render(
    <PortalSettingsProvider settings={{ ...NO_SETTINGS, capabilities }}>
      <MemoryRouter initialEntries={[at]}>
        <CompanyLink name={name} id={id} fallback="—" />
      </MemoryRouter>
    </PortalSettingsProvider>,
  );
}

describe('CompanyLink', () => {
  it('links the name to its company page when the backend offers companies', () => {
    renderLink(['company'], 12);
    expect(screen.getByRole('link', { name: '山东琥珀建设集团有限公司' }).getAttribute('href')).toBe('/company/12');
  });

  it('links to the mobile company page on the mobile site', () => {
    renderLink(['company'], 12, '山东琥珀建设集团有限公司', '/m/pages/zb/detail?id=3');
    expect(screen.getByRole('link').getAttribute('href')).toBe('/m/pages/company/detail?id=12');
    cleanup();
    renderLink([], 12, '山东琥珀建设集团有限公司', '/m/pages/zb/detail?id=3');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows plain text without the company feature, or for a name without a company', () => {
    renderLink([], 12);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('山东琥珀建设集团有限公司')).toBeTruthy();
    cleanup();
    renderLink(['company'], undefined);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderLink(['company'], 12, '');
    expect(screen.getByText('—')).toBeTruthy();
  });
});

describe('the company search URL', () => {
  it('keeps what the search accepts and drops the rest', () => {
    expect(readCompanyQuery(new URLSearchParams('name=%20琥珀%20&areaCode=370100&role=winner&pageNum=2&pageSize=50'))).toEqual({
      name: '琥珀',
      areaCode: '370100',
      role: 'winner',
      pageNum: 2,
      pageSize: 50,
    });
    expect(readCompanyQuery(new URLSearchParams('areaCode=jinan&role=boss&pageNum=-1&pageSize=7'))).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it('writes the shortest URL for a search', () => {
    expect(companySearchHref({ pageNum: 1, pageSize: 20 })).toBe('/company');
    expect(companySearchHref({ name: '琥珀', role: 'agency', pageNum: 3, pageSize: 20 })).toBe(
      '/company?name=%E7%90%A5%E7%8F%80&role=agency&pageNum=3',
    );
  });
});

describe("a company's masked contact", () => {
  const renderNote = (capabilities: string[]) =>
    render(
      <PortalSettingsProvider settings={{ ...NO_SETTINGS, capabilities }}>
        <MemoryRouter initialEntries={['/company/12']}>
          <MaskedContactNote />
        </MemoryRouter>
      </PortalSettingsProvider>,
    );

  it('offers 开通会员 with or without the order extension: /goods is served against every backend', () => {
    for (const capabilities of [['company', 'goods'], ['company']]) {
      renderNote(capabilities);
      expect(screen.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/goods');
      expect(screen.getByText(/在招标详情中查看。/)).toBeTruthy();
      cleanup();
    }
  });
});
