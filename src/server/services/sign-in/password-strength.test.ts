import { describe, expect, it } from 'vitest';
import { assertStrongPassword, TOO_COMMON, weakPasswordReason } from './password-strength.ts';

describe('password strength (zxcvbn-ts)', () => {
  it.each(['123456', 'password1', 'qwerty', 'letmein', 'Passw0rd!'])(
    'refuses the common password %s with a reason',
    (password) => {
      const reason = weakPasswordReason(password);
      expect(reason).toMatch(new RegExp(`^${TOO_COMMON.replaceAll('.', '\\.')} \\S`));
    },
  );

  it('says why, in the estimator words', () => {
    expect(weakPasswordReason('123456')).toBe(
      'This password is too common. Choose another. This is a heavily used password. Add more words that are less common.',
    );
  });

  it.each(['secret-pass', 'quiet-harbour-47', 'correct horse battery'])('accepts %s', (password) => {
    expect(weakPasswordReason(password)).toBeNull();
  });

  it("counts the account's own name and email against a password", () => {
    expect(weakPasswordReason('danasmith2026')).toBeNull();
    expect(weakPasswordReason('danasmith2026', ['Dana Smith', 'danasmith@example.com'])).not.toBeNull();
  });

  it('throws a field error on the named field', () => {
    expect(() => assertStrongPassword('password1', [], 'newPassword')).toThrow(
      expect.objectContaining({ field: 'newPassword', message: expect.stringContaining(TOO_COMMON) }),
    );
  });
});
