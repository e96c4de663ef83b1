/**
 * The one `.env` loader of the portal's Node programs, the server and the embedded backend:
 * `.env.local` then `.env` from `dir`. Node's loadEnvFile never overrides a variable that is
 * already set, so the real environment wins over `.env.local`, which wins over `.env`.
 *
 * A package of its own (imported as `@portal/env-files`, tsconfig.base.json `paths`): both programs
 * use it and neither may import from the other, and it needs Node's APIs, which shared/ must not use.
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
