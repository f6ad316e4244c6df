/**
 * The bug bounty command generator (docs/product.md#toolkit), entirely in the browser: nothing
 * typed is sent anywhere. The target form (target-form.tsx); risk, skill and type chips; one
 * card per command (command-card.tsx); Expand All, Collapse All, and Export to a text file named
 * after the domain.
 */
import { Icon } from '../lib/icon.tsx';
import { useMemo, useState } from 'react';
import {
  RISKS,
  SKILLS,
  TYPES,
  exportFileName,
  exportText,
  filterTemplates,
  type Filters,
} from '../../shared/toolkit.ts';
import { downloadText } from '../lib/download.ts';
import Toaster from '../ui/toaster.tsx';
import { CommandCard } from './command-card.tsx';
import { FilterChips } from './filter-chips.tsx';
import { TargetForm } from './target-form.tsx';

export default function BugBountyToolkit() {
  const [domain, setDomain] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>({ risk: [], skill: [], type: [] });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const shown = useMemo(() => filterTemplates(filters), [filters]);

  const clear = () => {
    setDomain(null);
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
    if (domain) downloadText(exportFileName(domain), exportText(domain, shown, new Date()), 'text/plain;charset=utf-8');
  };

  return (
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-8">
      <TargetForm onGenerate={setDomain} onClear={clear} />

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
                <Icon name="download" className="size-4" /> Export
              </button>
            </div>
          )}
        </div>
        <div className="grid gap-3">
          <FilterChips label="Risk" values={RISKS} selected={filters.risk} onToggle={(v) => toggleChip('risk', v)} />
          <FilterChips
            label="Skill"
            values={SKILLS}
            selected={filters.skill}
            onToggle={(v) => toggleChip('skill', v)}
          />
          <FilterChips label="Type" values={TYPES} selected={filters.type} onToggle={(v) => toggleChip('type', v)} />
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
