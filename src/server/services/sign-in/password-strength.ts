/**
 * The password strength check of docs/product.md#validation: zxcvbn-ts (`@zxcvbn-ts/core` with the
 * common and English dictionaries) estimates how many guesses a password takes, from 0 (a heavily
 * used password such as `123456` or `password1`) to 4. A password scoring below
 * MIN_PASSWORD_SCORE is refused with the estimator's own feedback. It runs on the server only: the
 * dictionaries are large (about 1.5 MB), so no page loads them.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import { InvalidFieldError } from '../../errors.ts';

/** The lowest zxcvbn score accepted: 2 ("somewhat guessable", over 10^6 guesses). */
const MIN_PASSWORD_SCORE = 2;

/** The message that starts every refusal; the estimator's warning and suggestions follow. */
export const TOO_COMMON = 'This password is too common. Choose another.';

let estimator: ZxcvbnFactory | undefined;

/** The estimator, built on first use (building it indexes the dictionaries). */
function strength(password: string, userInputs: string[]): ZxcvbnResult {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonWords, ...englishWords },
    graphs: adjacencyGraphs,
    translations,
  });
  // The estimator's time grows with the length; the schemas allow at most 128 characters.
  return estimator.check(password.slice(0, 128), userInputs);
}

/**
 * Why `password` is refused, or null when it is strong enough. `userInputs` are words of the
 * account (its name, email) that make a password easier to guess. The reason is TOO_COMMON
 * followed by the estimator's warning and suggestions, e.g. 'This password is too common. Choose
 * another. This is a heavily used password. Add more words that are less common.'
 */
export function weakPasswordReason(password: string, userInputs: string[] = []): string | null {
  // 'Dana Smith' and 'dana.smith@example.com' count as their words too.
  const words = userInputs.flatMap((input) => [input, ...input.split(/[\s@.+_-]+/)]).filter((w) => w.length > 2);
  const result = strength(password, words);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [TOO_COMMON, warning, ...suggestions].filter(Boolean).join(' ');
}

/**
 * Throws InvalidFieldError on `field` (answered 422 with the reason on that field) when
 * `password` is too weak (weakPasswordReason); otherwise returns nothing.
 */
export function assertStrongPassword(password: string, userInputs: string[] = [], field = 'password'): void {
  const reason = weakPasswordReason(password, userInputs);
  if (reason) throw new InvalidFieldError(field, reason);
}
