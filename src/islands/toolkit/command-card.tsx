/**
 * One generated command (docs/product.md#toolkit): its title as the expand or collapse button,
 * its risk badge, skill and type, Copy ('Command copied', or 'Copy Failed' when the clipboard
 * refuses), and when open its description, a warning on invasive commands, and the command.
 */
import { Icon } from '../lib/icon.tsx';
import { useId } from 'react';
import { buildCommand, type CommandTemplate, type Risk } from '../../shared/toolkit.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast-store.ts';

const RISK_TONE: Record<Risk, string> = {
  safe: 'bg-green-100 text-green-900',
  caution: 'bg-amber-100 text-amber-900',
  invasive: 'bg-red-100 text-red-900',
};

async function copy(text: string, title: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Command copied', description: title });
  } catch {
    toast({
      title: 'Copy Failed',
      description: 'Your browser did not allow copying. Select the command and copy it by hand.',
      variant: 'destructive',
    });
  }
}

/** One command: its title (which opens and closes it), badges, Copy, description and code. */
export function CommandCard({
  template,
  domain,
  open,
  onToggle,
}: {
  template: CommandTemplate;
  domain: string;
  open: boolean;
  onToggle: () => void;
}) {
  const command = buildCommand(template, domain);
  const panelId = useId();
  return (
    <li className="rounded-2xl bg-white shadow-sm ring-1 ring-ink-700/10">
      <div className="flex flex-wrap items-center gap-3 p-4">
        <h3 className="w-full min-w-0 text-lg font-bold text-ink-900 sm:w-auto sm:flex-1">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={onToggle}
            className="inline-flex items-center gap-2 text-left hover:text-brand-700"
          >
            <Icon name="chevron-down" className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')} />
            {template.title}
          </button>
        </h3>
        <span className={cn('rounded-full px-2.5 py-0.5 text-xs font-bold capitalize', RISK_TONE[template.risk])}>
          {template.risk}
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700 capitalize">
          {template.skill}
        </span>
        <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-ink-700 capitalize">
          {template.type}
        </span>
        <button
          type="button"
          className="btn-secondary px-3 py-2 text-sm"
          onClick={() => void copy(command, template.title)}
        >
          <Icon name="copy" className="size-4" /> Copy<span className="sr-only"> {template.title}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-ink-700/10 p-4">
        <p className="text-ink-700">{template.description}</p>
        {template.risk === 'invasive' && (
          <p
            role="note"
            className="mt-3 flex gap-2 rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700 ring-1 ring-red-200"
          >
            <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
            Invasive: this command sends attack traffic. Run it only against targets in the program&apos;s scope, within
            its rules and rate limits.
          </p>
        )}
        <pre className="mt-3 rounded-lg bg-ink-900 p-3 font-mono text-sm whitespace-pre-wrap text-green-300 wrap-anywhere">
          <code>{command}</code>
        </pre>
      </div>
    </li>
  );
}
