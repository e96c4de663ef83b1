/** The per-login secret of the mobile site's QR login (DOMAIN.md: randomPassword, /3g). */
import { randomBytes } from 'node:crypto';
import type { RandomPassword } from '@shared/member/types';
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';

/** 16 characters of base64url: 96 random bits. */
export function newRandomPassword(): string {
  return randomBytes(12).toString('base64url');
}

export function rotateRandomPassword(sql: Statements, memberId: number, now: Date): RandomPassword {
  const randomPassword = newRandomPassword();
  const createTime = formatDateTime(now);
  sql.get('UPDATE member SET random_password = ?, random_password_time = ? WHERE id = ?').run(randomPassword, createTime, memberId);
  return { randomPassword, createTime };
}
