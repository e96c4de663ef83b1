import type { BaifangRecord } from '@shared/visit/types';
import { parseTime } from '@shared/time';
import { feedback } from '../../../lib/feedback';
import { useDeleteRecord } from '../visit-mutations';

/** 删除 for one visit record, after the member confirms: a deleted record cannot be restored. */
export function RecordDeleteButton({ record }: { record: BaifangRecord }) {
  const remove = useDeleteRecord();
  const onDelete = async () => {
    const ok = await feedback.confirm({
      title: '删除这条拜访记录？',
      content: `${parseTime(record.visitTime, 'YYYY-MM-DD HH:mm')} 拜访「${record.companyName}」的记录将被删除，删除后无法恢复。`,
      okText: '删除',
      danger: true,
    });
    if (ok) remove.mutate(record.id, { onSuccess: () => feedback.success('拜访记录已删除') });
  };
  return (
    <button type="button" className="link-button link-danger" onClick={() => void onDelete()} disabled={remove.isPending}>
      {remove.isPending ? '删除中…' : '删除'}
    </button>
  );
}
