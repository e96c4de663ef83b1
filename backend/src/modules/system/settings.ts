/** Stored site settings (sys_config) read as the values they hold. */
import type { Statements } from '../../db/connection';
import { readSetting } from './queries';

/** A numeric setting; `fallback` when missing or not a non-negative integer. */
export function readCount(sql: Statements, key: string, fallback: number): number {
  const value = Number(readSetting(sql, key));
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}
