/**
 * An on/off switch: shadcn's `Switch` on Radix Switch (a `button` with `role="switch"` and
 * `aria-checked`; Space and Enter toggle it). Labelled by a visible `<label htmlFor={id}>`
 * beside it (docs/product.md#accessibility). Local changes are listed in ui/README.md.
 */
import { Switch as RadixSwitch } from 'radix-ui';

export function Switch({
  id,
  checked,
  onCheckedChange,
  describedBy,
}: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The id of a hint or status that describes the switch. */
  describedBy?: string;
}) {
  return (
    <RadixSwitch.Root
      id={id}
      checked={checked}
      onCheckedChange={onCheckedChange}
      aria-describedby={describedBy}
      className="group inline-flex h-11 w-14 shrink-0 cursor-pointer items-center rounded-full"
    >
      {/* The visible track sits inside a 44 px target (docs/product.md#accessibility). */}
      <span className="inline-flex h-7 w-12 items-center rounded-full bg-ink-600 p-0.5 transition-colors group-data-[state=checked]:bg-brand-700">
        <RadixSwitch.Thumb className="block size-6 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5" />
      </span>
    </RadixSwitch.Root>
  );
}
