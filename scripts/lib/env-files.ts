/**
 * The one `.env` loader of the server and the embedded backend: `.env.local`
 * then `.env` from `dir`. Node's loadEnvFile never overrides a variable that is already set, so
 * the real environment wins over `.env.local`, which wins over `.env`. Node APIs, so not in
 * shared/src; here because both programs may import from scripts/lib and neither from the other.
 */
import { join } from 'node:path';

export const ENV_FILES = ['.env.local', '.env'] as const;

export function loadEnvFiles(dir: string): void {
  for (const file of ENV_FILES) {
    try {
      process.loadEnvFile(join(dir, file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
