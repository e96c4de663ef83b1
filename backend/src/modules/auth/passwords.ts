/**
 * Password rules and hashing (DOMAIN.md, RuoYi): 5–20 characters without < > " ' \ |, stored as
 * bcrypt hashes, never decryptably.
 */
import bcrypt from 'bcryptjs';
import { runPasswordTask } from './password-pool';

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 20;
const PROHIBITED = /[<>"'\\|]/;

export const MSG_BAD_CREDENTIALS = '用户不存在/密码错误';

/** bcrypt cost of stored hashes; tests lower it through createApp's `passwordRounds`. */
export const BCRYPT_ROUNDS = 10;

/**
 * bcrypt through the worker threads (password-pool.ts): a hash or a comparison costs ~60 ms of CPU
 * at cost 10, which on the event loop would hold up every other request for as long.
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly rounds = BCRYPT_ROUNDS) {}

  hash(plain: string): Promise<string> {
    return runPasswordTask('hash', { plain, rounds: this.rounds });
  }

  /** On the calling thread: only for seeding, which runs before the backend listens. */
  hashBeforeServing(plain: string): string {
    return bcrypt.hashSync(plain, this.rounds);
  }

  /**
   * Compare `plain` with `hash`. With no hash (unknown user, undecryptable password) a dummy hash
   * of the same cost is compared instead, so a failure takes as long whatever its cause.
   */
  async verify(plain: string, hash: string | null): Promise<boolean> {
    if (hash === null) {
      this.dummyHash ??= this.hash('not-a-real-password');
      await runPasswordTask('compare', { plain, hash: await this.dummyHash });
      return false;
    }
    return runPasswordTask('compare', { plain, hash });
  }
}

/** RuoYi's registration message for a password that breaks the rules, or null. */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN || length > PASSWORD_MAX) return `密码长度必须在${PASSWORD_MIN}到${PASSWORD_MAX}个字符之间`;
  if (PROHIBITED.test(password)) return '密码不能包含非法字符：< > " \' \\ |';
  return null;
}

export function usernameLengthOk(username: string): boolean {
  const length = Array.from(username).length;
  return length >= USERNAME_MIN && length <= USERNAME_MAX;
}
