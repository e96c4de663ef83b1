import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { DICT_TYPES, type DictData } from '@shared/system/types';
import type { Http } from '../../lib/http/http';
import { HttpProvider } from '../../lib/http/context';
import { systemKeys } from '../../lib/system';
import { DictLabel, DictTag } from '../dict-label';

afterEach(cleanup);

const stage = (dictValue: string, dictLabel: string, listClass: string | null): DictData => ({
  dictCode: Number(dictValue),
  dictSort: Number(dictValue),
  dictLabel,
  dictValue,
  dictType: DICT_TYPES.xmkStage,
  cssClass: null,
  listClass,
  isDefault: 'N',
  status: '0',
  remark: null,
});

/** A request layer that must not be called: the dictionary is already in the cache. */
const noHttp = {} as Http;

function withDict(entries: DictData[] | null, children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, enabled: entries !== null } } });
  if (entries) client.setQueryData(systemKeys.dict(DICT_TYPES.xmkStage), entries);
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={noHttp}>{children}</HttpProvider>
    </QueryClientProvider>,
  );
}

describe('dictionary labels (spec §3)', () => {
  const STAGES = [stage('4', '招标', 'danger'), stage('5', '施工', 'success')];

  it('shows the label of a stored code', () => {
    withDict(STAGES, <DictLabel type={DICT_TYPES.xmkStage} value="5" />);
    expect(screen.getByText('施工')).toBeInTheDocument();
  });

  it('shows the raw code when the dictionary has no match', () => {
    withDict(STAGES, <DictLabel type={DICT_TYPES.xmkStage} value="9" />);
    expect(screen.getByText('9')).toBeInTheDocument();
  });

  it('shows raw codes while the dictionary is unavailable', () => {
    withDict(null, <DictLabel type={DICT_TYPES.xmkStage} value="4" />);
    expect(screen.getByText('4')).toBeInTheDocument();
  });

  it('colours a tag by the entry’s listClass', () => {
    withDict(STAGES, <DictTag type={DICT_TYPES.xmkStage} value="4" />);
    expect(screen.getByText('招标')).toHaveClass('tag', 'tag-danger');
  });
});
