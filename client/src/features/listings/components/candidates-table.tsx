/**
 * 中标候选人 of a notice (the detail's `candidates`, by rank): a table on the desktop detail and a
 * compact list that fits a 360 px phone. A bid is shown in 万元, or in the publisher's words when
 * it is a rate (下浮率) or a formula; nothing shows without candidates (or on a backend without them).
 */
import type { NoticeCandidateRow } from '@shared/content/notices';
import { bidOf } from '@shared/content/zb-notice';
import { NoticeFirms } from './notice-firms';

function Bid({ candidate }: { candidate: NoticeCandidateRow }) {
  const bid = bidOf(candidate);
  return (
    <>
      {bid.value}
      {bid.asWritten ? <span className="bid-as-written">{bid.asWritten}</span> : null}
    </>
  );
}

export function CandidatesTable({ candidates }: { candidates: readonly NoticeCandidateRow[] | undefined }) {
  if (!candidates?.length) return null;
  return (
    <section className="detail-card" aria-labelledby="candidates-title">
      <h2 id="candidates-title" className="detail-card-title">
        中标候选人
      </h2>
      <table className="candidates-table">
        <thead>
          <tr>
            <th scope="col">名次</th>
            <th scope="col">投标人</th>
            <th scope="col">投标报价</th>
          </tr>
        </thead>
        <tbody>
          {candidates.map((c) => (
            <tr key={c.rank}>
              <td className="candidate-rank">{c.rank}</td>
              <td>
                <NoticeFirms firms={c.members} name={c.name} />
              </td>
              <td className="candidate-bid">
                <Bid candidate={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The phone's list: rank, bidder (a consortium's members under it), bid — one row each, no sideways scroll. */
export function MobileCandidates({ candidates }: { candidates: readonly NoticeCandidateRow[] | undefined }) {
  if (!candidates?.length) return null;
  return (
    <section className="m-card" aria-labelledby="m-candidates">
      <h2 id="m-candidates">中标候选人</h2>
      <ol className="m-candidates">
        {candidates.map((c) => (
          <li key={c.rank}>
            <span className="m-candidate-rank">第{c.rank}名</span>
            <span className="m-candidate-name">
              <NoticeFirms firms={c.members} name={c.name} />
            </span>
            <span className="m-candidate-bid">
              投标报价 <Bid candidate={c} />
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
