/**
 * The password work that would hold the event loop for tens of milliseconds (docs/performance.md
 * "Nothing blocks the event loop"): bcrypt hashing and comparison with bcryptjs (~60 ms at cost 10).
 * It runs in worker threads (password-pool.ts); one export per task, called by name. (The RSA
 * decryption of a password field takes ~1 ms with OpenSSL and stays on the loop: rsa-keys.ts.)
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';
import bcrypt from 'bcryptjs';
import Tinypool from 'tinypool';

/** The nice value of the background threads: below the event loops, which then win a busy CPU. */
export const WORKER_NICENESS = 10;

/** What the pool tells its threads (Tinypool's workerData). */
export interface PasswordThreadData {
  /** This thread's nice value: 0 for the prompt threads, WORKER_NICENESS for the background ones. */
  niceness: number;
}

/** This thread's id on Linux (`/proc/thread-self` names it); null elsewhere. */
function linuxThreadId(): number | null {
  try {
    const id = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}

/**
 * Lower this thread's priority when its pool asks for it (password-pool.ts), so that on a busy
 * machine the threads that answer requests get the CPU first and these take what they leave.
 * Linux keeps a nice value per thread, and setpriority() given a thread's id sets that thread's
 * alone; elsewhere the threads keep the process's.
 */
const threadId = linuxThreadId();
const wanted = (Tinypool.workerData as PasswordThreadData | undefined)?.niceness ?? 0;
try {
  // Only in the pool's threads, and only ever lower: raising a priority needs privileges.
  if (!isMainThread && threadId !== null && getPriority(threadId) < wanted) setPriority(threadId, wanted);
} catch {
  // left as it is
}

/** This thread's nice value (tests). */
export function niceness(): number {
  return threadId === null ? getPriority() : getPriority(threadId);
}

export function hash({ plain, rounds }: { plain: string; rounds: number }): string {
  return bcrypt.hashSync(plain, rounds);
}

export function compare({ plain, hash }: { plain: string; hash: string }): boolean {
  return bcrypt.compareSync(plain, hash);
}
