import { MESSAGES } from '@shared/constants';
import { ApiError } from './http/errors';
import { PasswordCipherError } from './password-cipher';

/**
 * What a member form says beside itself about a failed submit; null for a refused double submit,
 * which the request layer has already toasted (spec §5).
 */
export function formFailure(error: unknown): string | null {
  if (error instanceof ApiError) return error.kind === 'repeat-submit' ? null : error.message;
  if (error instanceof PasswordCipherError) return error.message;
  return MESSAGES.unknown;
}
