import { useSuspenseQuery } from '@tanstack/react-query';
import { testTokenQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { SimplePage } from '../components/simple-page';

export async function load({ deps }: PageLoadArgs) {
  await deps.queryClient.ensureQueryData(testTokenQueryOptions(deps.http));
}

/** The raw JSON of a public call, rendered on the server: a quick check that the backend answers. */
export function Component() {
  const { data } = useSuspenseQuery(testTokenQueryOptions(useHttp()));
  return (
    <SimplePage title="JSON 数据测试" noindex>
      <p className="page-intro">GET /api/cmsData/testToken 的返回：</p>
      <pre className="demo-json">{JSON.stringify(data, null, 2)}</pre>
    </SimplePage>
  );
}
