/**
 * The head every mobile page has. The parts of details (m-detail-parts.tsx) and of lists
 * (m-list-parts.tsx) are modules of their own, so that a page's first load carries its own kind only.
 */
import { useLocation } from 'react-router-dom';
import { desktopUrlFor } from '@shared/device';
import { PageHead, type PageHeadProps } from '../page-head';

/**
 * The head of a mobile page: canonical is the desktop page it shows (Baidu's mobile adaptation
 * pattern; the desktop page carries the matching alternate link, page-head.tsx).
 */
export function MobileHead({ image, ...props }: Omit<PageHeadProps, 'canonical' | 'mobile'> & { image?: string }) {
  const { pathname, search } = useLocation();
  return (
    <>
      <PageHead {...props} canonical={desktopUrlFor(pathname, search)} mobile />
      {/* WeChat's share card reads these (title, description, image) when a page is shared. */}
      {props.title ? <meta itemProp="name" content={props.title} /> : null}
      {props.description ? <meta itemProp="description" content={props.description} /> : null}
      {image ? <meta itemProp="image" content={image} /> : null}
      {image ? <meta property="og:image" content={image} /> : null}
    </>
  );
}
