import { useSearchParams } from 'react-router-dom';
import { RouteLink } from '../../../components/route-link';
import { parsePositiveId } from '@shared/routes';
import { SimplePage } from '../components/simple-page';

/** Shows how an id parameter is validated (the same rule detail routes use). */
export function Component() {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = parsePositiveId(raw ?? undefined);
  return (
    <SimplePage title="路由参数测试" noindex>
      <dl className="demo-dl">
        <dt>参数 id</dt>
        <dd>{raw === null ? '（未提供，可在地址后加 ?id=12）' : raw}</dd>
        <dt>校验结果</dt>
        <dd>{id === null ? '不是正整数，详情页会显示 404' : `有效的编号 ${id}`}</dd>
      </dl>
      <p className="page-intro">
        试一试：<RouteLink to="/test/test-id?id=12">?id=12</RouteLink> · <RouteLink to="/test/test-id?id=abc">?id=abc</RouteLink> ·{' '}
        <RouteLink to="/xmk/abc">打开 /xmk/abc（不是编号，应显示 404）</RouteLink>
      </p>
    </SimplePage>
  );
}
