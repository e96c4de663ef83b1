/**
 * A CMS support page (about, fwxy, rwbf, service, yssm) from `GET /api/cms/getSupport/{col}`:
 * title, last update and the sanitised HTML body.
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SupportColumn } from '@shared/content/types';
import { parseTime } from '@shared/time';
import { supportQueryOptions } from '../api';
import { useHttp } from '../../../lib/http/context';
import { PageHead } from '../../../components/page-head';
import { RichText } from '../../../components/rich-text';
import type { PageLoadArgs } from '../../../lib/page';
import { SupportFrame } from './support-frame';

type CmsColumn = Exclude<SupportColumn, 'notice'>;

export function loadCmsPage(col: CmsColumn) {
  return ({ deps }: PageLoadArgs) => deps.queryClient.ensureQueryData(supportQueryOptions(deps.http, col));
}

/** The first sentence or so of a page, for its meta description. */
function summaryOf(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(text).slice(0, 110).join('');
}

export function CmsPage({ col, children }: { col: CmsColumn; children?: ReactNode }) {
  const { data: page } = useSuspenseQuery(supportQueryOptions(useHttp(), col));
  return (
    <SupportFrame section={page.title} aside={children}>
      <PageHead title={page.title} description={summaryOf(page.content)} canonical={`/support/${col}`} />
      <article className="support-article" aria-labelledby="support-title">
        <header className="support-article-head">
          <h1 id="support-title" className="support-title">
            {page.title}
          </h1>
          {page.updateTime ? (
            <p className="muted">
              更新时间：<time dateTime={page.updateTime}>{parseTime(page.updateTime, 'YYYY-MM-DD')}</time>
            </p>
          ) : null}
        </header>
        <RichText html={page.content} />
      </article>
    </SupportFrame>
  );
}
