/** 新 on a list row: published since the reader's previous visit (lib/last-visit.ts); shown after hydration. */
import type { TimeInput } from '@shared/time';
import { isNewSince, useLastVisit } from '../../../lib/last-visit';

export function NewBadge({ publishTime }: { publishTime: TimeInput }) {
  const previous = useLastVisit();
  if (!isNewSince(publishTime, previous)) return null;
  return (
    <span className="tag tag-new" title="上次访问以来新发布">
      新
    </span>
  );
}
