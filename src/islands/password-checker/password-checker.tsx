/**
 * The Password Strength Checker of the landing page's Tools section (docs/product.md#password-checker): a password field
 * with show/hide, the five requirements ticked or crossed, and a bar with the level.
 * Nothing typed leaves the browser: no request, no storage.
 */
import { Icon } from '../lib/icon.tsx';
import { useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { REQUIREMENTS, passwordStrength, type StrengthColor } from './strength.ts';

const BAR: Record<StrengthColor, string> = {
  none: 'bg-transparent',
  red: 'bg-red-600',
  orange: 'bg-orange-500',
  yellow: 'bg-yellow-400',
  blue: 'bg-blue-600',
  green: 'bg-green-600',
};
const TEXT: Record<StrengthColor, string> = {
  none: 'text-ink-700',
  red: 'text-red-700',
  orange: 'text-orange-700',
  yellow: 'text-yellow-800',
  blue: 'text-blue-700',
  green: 'text-green-700',
};

/** Bar widths as classes: an inline style attribute would break the page's CSP. */
const WIDTH: Record<number, string> = { 0: 'w-0', 20: 'w-1/5', 40: 'w-2/5', 60: 'w-3/5', 80: 'w-4/5', 100: 'w-full' };

export default function PasswordChecker() {
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const id = useId();
  const strength = passwordStrength(password);

  return (
    <div className="rounded-2xl border border-ink-700/10 bg-white p-6 text-ink-900 shadow-sm">
      <h3 className="flex items-center gap-2 text-xl font-bold">
        <Icon name="lock" className="size-5 text-brand-700" />
        Password Strength Checker
      </h3>
      <p className="mt-1 text-sm text-ink-700">
        Checked entirely in your browser: your password is never sent anywhere or stored.
      </p>
      <label htmlFor={`${id}-password`} className="field-label mt-5">
        Password to check
      </label>
      <div className="relative">
        <input
          id={`${id}-password`}
          type={visible ? 'text' : 'password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="off"
          spellCheck={false}
          className="field-input pr-12"
          aria-describedby={`${id}-level`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-ink-700 hover:text-ink-900"
        >
          {visible ? <Icon name="eye-off" className="size-5" /> : <Icon name="eye" className="size-5" />}
        </button>
      </div>
      <div className="mt-4">
        <div className="flex items-center justify-between text-sm">
          <span className="font-semibold">Strength</span>
          <span
            id={`${id}-level`}
            aria-live="polite"
            className={cn('font-bold', TEXT[strength.color])}
            data-testid="strength-label"
          >
            {strength.label}
          </span>
        </div>
        <div
          role="meter"
          aria-label="Password strength"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={strength.percent}
          aria-valuetext={strength.label}
          className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
        >
          <div
            data-testid="strength-bar"
            data-color={strength.color}
            className={cn(
              'h-full rounded-full transition-[width] duration-300',
              BAR[strength.color],
              WIDTH[strength.percent],
            )}
          />
        </div>
      </div>
      <ul className="mt-5 space-y-2" aria-label="Requirements">
        {REQUIREMENTS.map((requirement) => {
          const met = strength.met[requirement.id];
          return (
            <li
              key={requirement.id}
              className={cn('flex items-center gap-2 text-sm', met ? 'text-green-700' : 'text-ink-700')}
            >
              {met ? <Icon name="check" className="size-4 shrink-0" /> : <Icon name="x" className="size-4 shrink-0" />}
              <span>
                {requirement.label}
                <span className="sr-only">{met ? ': met' : ': not met'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
