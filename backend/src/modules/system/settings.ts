/** Stored site settings (sys_config). */
import type { Statements } from '../../db/connection';

export function readSetting(sql: Statements, key: string): string | undefined {
  return sql.get<[string], { value: string }>('SELECT config_value AS value FROM sys_config WHERE config_key = ?').get(key)?.value;
}

/** A numeric setting; `fallback` when missing or not a non-negative integer. */
export function readCount(sql: Statements, key: string, fallback: number): number {
  const value = Number(readSetting(sql, key));
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}
