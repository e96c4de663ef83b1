/**
 * The staff token of the admin endpoints (`X-Admin-Token`): ADMIN_TOKEN when set, otherwise one
 * generated on first start into DATA_DIR/admin-token (mode 0600) and reused after.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ADMIN_TOKEN_FILE = 'admin-token';

export function loadOrCreateAdminToken(dataDir: string): string {
  const file = path.join(dataDir, ADMIN_TOKEN_FILE);
  try {
    const token = fs.readFileSync(file, 'utf8').trim();
    if (token.length >= 16) return token;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const token = randomBytes(32).toString('hex');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, token + '\n', { mode: 0o600 });
  return token;
}
