/** The export log (db/migrations.ts V9): rows a member exported, per export, for the daily quota. */
import type { Statements } from '../../db/connection';

export interface ExportLogFields {
  memberId: number;
  kind: string;
  rows: number;
  time: string;
}

export function insertExportLog(sql: Statements, entry: ExportLogFields): number {
  return Number(
    sql
      .get<ExportLogFields>('INSERT INTO export_log (member_id, kind, rows, create_time) VALUES (@memberId, @kind, @rows, @time)')
      .run(entry).lastInsertRowid,
  );
}

export function setExportedRows(sql: Statements, id: number, rows: number): void {
  sql.get<{ id: number; rows: number }>('UPDATE export_log SET rows = @rows WHERE id = @id').run({ id, rows });
}
