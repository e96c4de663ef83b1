import { StageHistoryTimeline } from './timeline';

/** 项目进展 on a backend without the lifecycle fields: the stage history call's versions, newest first. */
export function StageHistory({ xmkId }: { xmkId: number }) {
  return (
    <section className="detail-card" aria-labelledby="history-title">
      <h2 id="history-title" className="detail-card-title">
        项目进展
      </h2>
      <StageHistoryTimeline xmkId={xmkId} />
    </section>
  );
}
