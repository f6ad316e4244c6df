/**
 * The bug bounty command generator (SPEC.md 2.8, 5; issue 5), entirely in the browser: nothing
 * typed is sent anywhere. A target domain and a consent box, Generate and Clear; risk, skill
 * and type chips; one card per command with its risk badge, skill and type, expand or collapse,
 * copy ('Copy Failed' when the clipboard refuses) and a warning on invasive commands; Expand
 * All, Collapse All, and Export to a text file named after the domain.
 */
import { AlertTriangle, Check, ChevronDown, Copy, Download, Terminal, X } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  RISKS,
  SKILLS,
  TYPES,
  buildCommand,
  exportFileName,
  exportText,
  filterTemplates,
  normalizeDomain,
  type CommandTemplate,
  type Filters,
  type Risk,
} from '../../shared/toolkit.ts';
import { cn } from '../lib/cn.ts';
import { toast } from '../lib/toast-store.ts';
import Toaster from '../ui/toaster.tsx';

const RISK_TONE: Record<Risk, string> = {
  safe: 'bg-green-100 text-green-900',
  caution: 'bg-amber-100 text-amber-900',
  invasive: 'bg-red-100 text-red-900',
};
const INVALID_DOMAIN =
  'Enter a domain name such as example.com: letters, digits, dots and hyphens only (no path, port or spaces).';

function Chips<T extends string>({
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
            {on && <Check aria-hidden="true" className="size-3.5" />}
            {value}
          </button>
        );
      })}
    </div>
  );
}

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

function CommandCard({
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
            <ChevronDown
              aria-hidden="true"
              className={cn('size-5 shrink-0 transition-transform', open && 'rotate-180')}
            />
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
          <Copy aria-hidden="true" className="size-4" /> Copy<span className="sr-only"> {template.title}</span>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-ink-700/10 p-4">
        <p className="text-ink-700">{template.description}</p>
        {template.risk === 'invasive' && (
          <p
            role="note"
            className="mt-3 flex gap-2 rounded-lg bg-red-50 p-3 text-sm font-semibold text-danger-700 ring-1 ring-red-200"
          >
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
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

export default function BugBountyToolkit() {
  const [input, setInput] = useState('');
  const [consent, setConsent] = useState(false);
  const [domain, setDomain] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>({ risk: [], skill: [], type: [] });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const inputId = useId();
  const consentId = useId();
  const errorId = useId();
  const shown = useMemo(() => filterTemplates(filters), [filters]);

  const generate = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!consent) {
      toast({
        title: 'Authorization Required',
        description: 'Please confirm you have authorization to test this domain.',
        variant: 'destructive',
      });
      return;
    }
    const result = normalizeDomain(input);
    if (!result.ok && result.reason === 'empty') {
      toast({ title: 'Domain Required', description: 'Please enter a target domain.', variant: 'destructive' });
      return;
    }
    if (!result.ok) {
      setError(INVALID_DOMAIN);
      setDomain(null);
      return;
    }
    setInput(result.domain);
    setDomain(result.domain);
  };

  const clear = () => {
    setInput('');
    setConsent(false);
    setDomain(null);
    setError(null);
    setOpen(new Set());
  };

  const toggleChip = <K extends keyof Filters>(group: K, value: Filters[K][number]) =>
    setFilters((current) => {
      const list = current[group] as string[];
      return {
        ...current,
        [group]: list.includes(value) ? list.filter((v) => v !== value) : [...list, value],
      };
    });

  const exportFile = () => {
    if (!domain) return;
    const blob = new Blob([exportText(domain, shown, new Date())], { type: 'text/plain;charset=utf-8' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = exportFileName(domain);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8">
      <form
        noValidate
        onSubmit={generate}
        aria-label="Generate commands"
        className="grid gap-5 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-700/10"
      >
        <div>
          <label htmlFor={inputId} className="field-label">
            Target domain
          </label>
          <input
            id={inputId}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="example.com"
            className="field-input font-mono"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
        <div className="flex gap-3">
          <input
            id={consentId}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-brand-700"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
          />
          <label htmlFor={consentId} className="text-ink-900">
            I confirm that I am authorized to test this domain (it is mine, or it is in scope of a bug bounty program
            whose rules I follow).
          </label>
        </div>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            <Terminal aria-hidden="true" className="size-4" /> Generate
          </button>
          <button type="button" className="btn-secondary" onClick={clear}>
            <X aria-hidden="true" className="size-4" /> Clear
          </button>
        </div>
      </form>

      <section aria-labelledby="commands-heading" className="grid grid-cols-[minmax(0,1fr)] gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="commands-heading" className="text-2xl font-bold text-ink-900">
            Commands{domain ? ` for ${domain}` : ''}
          </h2>
          {domain && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-secondary px-3 py-2 text-sm"
                onClick={() => setOpen(new Set(shown.map((t) => t.id)))}
              >
                Expand All
              </button>
              <button type="button" className="btn-secondary px-3 py-2 text-sm" onClick={() => setOpen(new Set())}>
                Collapse All
              </button>
              <button type="button" className="btn-secondary px-3 py-2 text-sm" onClick={exportFile}>
                <Download aria-hidden="true" className="size-4" /> Export
              </button>
            </div>
          )}
        </div>
        <div className="grid gap-3">
          <Chips label="Risk" values={RISKS} selected={filters.risk} onToggle={(v) => toggleChip('risk', v)} />
          <Chips label="Skill" values={SKILLS} selected={filters.skill} onToggle={(v) => toggleChip('skill', v)} />
          <Chips label="Type" values={TYPES} selected={filters.type} onToggle={(v) => toggleChip('type', v)} />
        </div>
        {!domain ? (
          <p className="rounded-2xl bg-slate-50 p-6 text-ink-700 ring-1 ring-ink-700/10">
            Enter a domain you are authorized to test, tick the box and choose Generate. The commands are built in your
            browser; nothing you type leaves this page.
          </p>
        ) : shown.length === 0 ? (
          <p role="status" className="rounded-2xl bg-slate-50 p-6 text-ink-700 ring-1 ring-ink-700/10">
            No command matches these filters.
          </p>
        ) : (
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Generated commands">
            {shown.map((template) => (
              <CommandCard
                key={template.id}
                template={template}
                domain={domain}
                open={open.has(template.id)}
                onToggle={() =>
                  setOpen((current) => {
                    const next = new Set(current);
                    if (next.has(template.id)) next.delete(template.id);
                    else next.add(template.id);
                    return next;
                  })
                }
              />
            ))}
          </ul>
        )}
      </section>
      <Toaster />
    </div>
  );
}
