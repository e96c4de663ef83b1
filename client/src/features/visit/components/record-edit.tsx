import { useState } from 'react';
import type { BaifangRecord } from '@shared/visit/types';
import { useHasCapability } from '../../../lib/capabilities';
import { RecordFormModal } from './record-form';

/**
 * 编辑 for one visit record, in the record dialog. Editing is an extension
 * (`updateBaifangRecords`, capability `visitRecords`): nothing without it.
 */
export function RecordEditButton({ record }: { record: BaifangRecord }) {
  const offered = useHasCapability('visitRecords');
  const [open, setOpen] = useState(false);
  if (!offered) return null;
  return (
    <>
      <button type="button" className="link-button" onClick={() => setOpen(true)}>
        编辑
      </button>
      {open ? <RecordFormModal client={null} record={record} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
