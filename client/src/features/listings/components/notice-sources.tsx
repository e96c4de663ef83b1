/**
 * 原文链接 and 附件 of a notice (the detail's `sourceUrl` and `attachments`): links to the
 * publisher's own pages, opened in a new tab without referrer or opener. Only http(s) addresses
 * are shown (httpUrlOrNull), whatever a backend sends; nothing shows without them.
 */
import type { NoticeAttachment } from '@shared/content/notices';
import { httpUrlOrNull } from '@shared/content/source-links';

const EXTERNAL = { target: '_blank', rel: 'nofollow noopener noreferrer' } as const;

/** The site an address is on, for the reader to see where the link goes; '' for one URL cannot read. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

export interface NoticeSourcesProps {
  item: { sourceUrl?: string | null; attachments?: readonly NoticeAttachment[] | null };
  /** The phone's card instead of the desktop's. */
  mobile?: boolean;
}

export function NoticeSources({ item, mobile = false }: NoticeSourcesProps) {
  const source = httpUrlOrNull(item.sourceUrl);
  const files = (item.attachments ?? []).flatMap((file) => {
    const url = httpUrlOrNull(file.url);
    return url ? [{ name: file.name, url }] : [];
  });
  if (!source && files.length === 0) return null;
  const titleId = mobile ? 'm-sources' : 'sources-title';
  return (
    <section className={mobile ? 'm-card notice-sources' : 'detail-card notice-sources'} aria-labelledby={titleId}>
      <h2 id={titleId} className={mobile ? undefined : 'detail-card-title'}>
        原文与附件
      </h2>
      {source ? (
        <p className="notice-source">
          原文链接：
          <a href={source} {...EXTERNAL}>
            查看发布单位原文
          </a>
          <span className="muted notice-source-host">{hostOf(source)}</span>
        </p>
      ) : null}
      {files.length > 0 ? (
        <div className="notice-attachments">
          <h3>附件</h3>
          <ul>
            {files.map((file, index) => (
              <li key={`${index}-${file.url}`}>
                <a href={file.url} {...EXTERNAL}>
                  {file.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
