/**
 * Password strength of the Tools section checker (docs/product.md#password-checker). Advisory only; runs in the
 * browser and sends nothing anywhere.
 *
 * Five requirements: at least 8 characters, an uppercase letter, a lowercase letter, a number,
 * a special character from !@#$%^&*(),.?":{}|<>. Levels by requirements met: 0-1 Very Weak
 * (20 %, red), 2 Weak (40 %, orange), 3 Fair (60 %, yellow), 4 Good (80 %, blue), 5 Strong
 * (100 %, green). An empty password is 'Enter a password' with an empty bar.
 */
const PASSWORD_MIN_LENGTH = 8;
const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

export interface Requirement {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  label: string;
  test: (password: string) => boolean;
}

export const REQUIREMENTS: Requirement[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'An uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'A lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'A number', test: (p) => /[0-9]/.test(p) },
  {
    id: 'special',
    label: `A special character (${SPECIAL_CHARACTERS})`,
    test: (p) => /[!@#$%^&*(),.?":{}|<>]/.test(p),
  },
];

export type StrengthColor = 'none' | 'red' | 'orange' | 'yellow' | 'blue' | 'green';

export interface Strength {
  label: string;
  /** Width of the bar, 0 to 100. */
  percent: number;
  color: StrengthColor;
  /** Requirement id → met. */
  met: Record<Requirement['id'], boolean>;
  metCount: number;
}

const LEVELS: { label: string; percent: number; color: StrengthColor }[] = [
  { label: 'Very Weak', percent: 20, color: 'red' },
  { label: 'Very Weak', percent: 20, color: 'red' },
  { label: 'Weak', percent: 40, color: 'orange' },
  { label: 'Fair', percent: 60, color: 'yellow' },
  { label: 'Good', percent: 80, color: 'blue' },
  { label: 'Strong', percent: 100, color: 'green' },
];

export function passwordStrength(password: string): Strength {
  const met = Object.fromEntries(REQUIREMENTS.map((r) => [r.id, r.test(password)])) as Strength['met'];
  const metCount = Object.values(met).filter(Boolean).length;
  if (password === '') return { label: 'Enter a password', percent: 0, color: 'none', met, metCount };
  const level = LEVELS[metCount]!;
  return { ...level, met, metCount };
}
