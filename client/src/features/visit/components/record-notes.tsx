import type { BaifangRecord } from '@shared/visit/types';

/** A visit's 结果 and 下一步, when it has them: the desktop timeline's and the phone card's. */
export function RecordNotes({ record, className }: { record: Pick<BaifangRecord, 'result' | 'nextStep'>; className: string }) {
  if (!record.result && !record.nextStep) return null;
  return (
    <dl className={className}>
      {record.result ? (
        <div>
          <dt>结果</dt>
          <dd>{record.result}</dd>
        </div>
      ) : null}
      {record.nextStep ? (
        <div>
          <dt>下一步</dt>
          <dd>{record.nextStep}</dd>
        </div>
      ) : null}
    </dl>
  );
}
