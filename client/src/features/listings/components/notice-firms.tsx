/**
 * The firms of a 中标人 or a candidate: one company, or a consortium (联合体) shown as such — its
 * members listed, the lead (牵头人) marked — each name linking to its company page like every
 * company name of the detail pages (CompanyLink).
 */
import type { NoticeWinner } from '@shared/content/notices';
import { CompanyLink } from '../../company/components/company-link';

export interface NoticeFirmsProps {
  /** The firms the backend derived (`winners`, a candidate's `members`); absent on a backend without them. */
  firms: readonly NoticeWinner[] | undefined;
  /** The name as written, shown for a single firm or when the firms are unknown. */
  name: string | null;
  /** The written name's company page (the detail's `companies`), when the firms are unknown. */
  id?: number;
}

export function NoticeFirms({ firms, name, id }: NoticeFirmsProps) {
  if (firms && firms.length > 1) {
    return (
      <span className="notice-firms">
        <span className="tag tag-info">联合体</span>
        <ul className="consortium-members" aria-label="联合体成员">
          {firms.map((firm) => (
            <li key={firm.name}>
              {/* The part first, so a name that wraps never reads as the next firm's. */}
              {firm.lead ? <span className="tag tag-warning">牵头人</span> : <span className="tag tag-plain">成员</span>}
              <CompanyLink name={firm.name} id={firm.companyId} />
            </li>
          ))}
        </ul>
      </span>
    );
  }
  const only = firms?.[0];
  return <CompanyLink name={only?.name ?? name} id={only ? only.companyId : id} />;
}
