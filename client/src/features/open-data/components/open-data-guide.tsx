/**
 * What /open-data says, on the desktop page and its phone twin alike: what is published (OCDS 1.1
 * release and record packages of the tender notices), under which licence, how to page through
 * the feed, and a sample record. The JSON addresses are plain links: the server serves them.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { OCDS_LICENSE, OCDS_PAGE_SIZE_DEFAULT, OCDS_PAGE_SIZE_MAX, OCDS_RELEASES_PATH, ocdsRecordPath } from '@shared/ocds/paths';
import { formatCount } from '@shared/format';
import { parseTime } from '@shared/time';
import { useHttp } from '../../../lib/http/context';
import type { PageLoadArgs } from '../../../lib/page';
import { ocdsSummaryQueryOptions } from '../api';

export const OPEN_DATA_TITLE = '开放数据';
export const OPEN_DATA_DESCRIPTION = '按开放合同数据标准（OCDS 1.1）公开全省招标公告：发布包、记录包、分页方式与许可协议（CC BY 4.0）。';

export const loadOpenData = ({ deps }: PageLoadArgs) => deps.queryClient.ensureQueryData(ocdsSummaryQueryOptions(deps.http));

/** Notice types and the release tags they are published with (docs/open-data.md "Mapping"). */
const TAGS: readonly (readonly [string, string])[] = [
  ['采购意向、招标预告', 'planning'],
  ['招标公告、资格预审', 'tender'],
  ['变更公告（更正）', 'tenderAmendment，附 amendments 说明改了什么'],
  ['澄清/答疑、中标候选人公示', 'tenderUpdate，候选人为 tenderers 与 bids'],
  ['中标结果', 'award，联合体各成员均为 supplier'],
  ['合同公告', 'contract'],
  ['废标/流标、终止公告、撤销的公告', 'tenderCancellation'],
];

const day = (time: string | null) => (time ? parseTime(time, 'YYYY-MM-DD') : '—');

export function OpenDataGuide({ headingLevel: H = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { data: summary } = useSuspenseQuery(ocdsSummaryQueryOptions(useHttp()));
  const example = `${OCDS_RELEASES_PATH}?since=2026-11-01&pageSize=${OCDS_PAGE_SIZE_DEFAULT}`;
  return (
    <div className="open-data">
      <section className="open-data-section" aria-labelledby="open-data-what">
        <H id="open-data-what">发布了什么</H>
        <p>
          本站按国际通行的<strong>开放合同数据标准（OCDS 1.1）</strong>公开全省招标公告：每个招标项目（标段）一个
          ocid，每条公告的每个版本一条 release。目前共 <strong>{formatCount(summary.notices)}</strong> 条公告（
          {day(summary.firstPublished)} 至 {day(summary.lastPublished)}），随公告更新。
        </p>
        <table className="open-data-table">
          <thead>
            <tr>
              <th scope="col">公告类型</th>
              <th scope="col">OCDS 标签（tag）</th>
            </tr>
          </thead>
          <tbody>
            {TAGS.map(([types, tag]) => (
              <tr key={types}>
                <td>{types}</td>
                <td>{tag}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          招标人为 buyer，代理机构为 procuringEntity；金额以人民币元（CNY）计，时间为北京时间（+08:00）；报名截止为 tenderPeriod，开标时间用
          bidOpening 扩展。联系人、电话只按公开页面的方式出现（已打码的不发布）。
        </p>
      </section>
      <section className="open-data-section" aria-labelledby="open-data-licence">
        <H id="open-data-licence">许可协议</H>
        <p>
          数据以
          <a href={OCDS_LICENSE.url} rel="license noopener" target="_blank">
            {OCDS_LICENSE.name}
          </a>
          发布：可自由复制、分发、改编和商用，请注明来源“山东项目网”并附本页链接。公告原文的权利归原发布单位。
        </p>
      </section>
      <section className="open-data-section" aria-labelledby="open-data-paging">
        <H id="open-data-paging">如何获取与翻页</H>
        <ul>
          <li>
            <a href={OCDS_RELEASES_PATH}>
              <code>{OCDS_RELEASES_PATH}</code>
            </a>
            ：发布包（release package），公告按发布时间从早到晚排列。
          </li>
          <li>
            <code>since</code>：从该时间（ISO 8601，如 <code>2026-11-01</code> 或 <code>2026-11-01T08:00:00+08:00</code>
            ）起发布的公告；<code>pageSize</code>：每页公告数，默认 {OCDS_PAGE_SIZE_DEFAULT}，最多 {OCDS_PAGE_SIZE_MAX}。
          </li>
          <li>
            每页末尾的 <code>links.next</code> 是下一页的完整地址，照着取到没有 <code>next</code> 为止；例如
            <a href={example}>
              <code>{example}</code>
            </a>
            。
          </li>
          <li>
            <code>/ocds/records/&#123;ocid&#125;.json</code>：一个招标项目的记录包（record package），含它的全部 release 和合并后的
            compiledRelease。ocid 前缀 <code>{summary.prefix}</code>。
          </li>
        </ul>
      </section>
      {summary.sample ? (
        <section className="open-data-section" aria-labelledby="open-data-sample">
          <H id="open-data-sample">示例记录</H>
          <p>
            {summary.sample.title}：
            <a href={ocdsRecordPath(summary.sample.ocid)}>
              <code>{summary.sample.ocid}.json</code>
            </a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
