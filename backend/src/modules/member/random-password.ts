/** The per-login secret of the mobile site's QR login (DOMAIN.md: randomPassword, /3g). */
import { randomBytes } from 'node:crypto';
import type { RandomPassword } from '@shared/member/types';
import { formatDateTime } from '../../clock';
import type { Statements } from '../../db/connection';
import { setRandomPassword } from './queries';

/** 16 characters of base64url: 96 random bits. */
export function newRandomPassword(): string {
  return randomBytes(12).toString('base64url');
}

export function rotateRandomPassword(sql: Statements, memberId: number, now: Date): RandomPassword {
  const randomPassword = newRandomPassword();
  const createTime = formatDateTime(now);
  setRandomPassword.run(sql, { memberId, randomPassword, createTime });
  return { randomPassword, createTime };
}
