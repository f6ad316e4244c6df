/** A group of toggle chips filtering the commands by one property (risk, skill or type). */
import { Icon } from '../lib/icon.tsx';
import { cn } from '../lib/cn.ts';

export function FilterChips<T extends string>({
  label,
  values,
  selected,
  onToggle,
}: {
  label: string;
  values: readonly T[];
  selected: T[];
  onToggle: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={`${label} filter`} className="flex flex-wrap items-center gap-2">
      <span className="w-14 text-sm font-semibold text-ink-700">{label}</span>
      {values.map((value) => {
        const on = selected.includes(value);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={on}
            onClick={() => onToggle(value)}
            className={cn(
              'inline-flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-semibold capitalize ring-1 transition-colors',
              on
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-ink-900 ring-ink-700/20 hover:bg-slate-100',
            )}
          >
            {on && <Icon name="check" className="size-3.5" />}
            {value}
          </button>
        );
      })}
    </div>
  );
}
