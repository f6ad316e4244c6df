import fc from 'fast-check';
import { parse } from 'shell-quote';
import { describe, expect, it } from 'vitest';
import {
  TEMPLATES,
  buildCommand,
  exportFileName,
  exportText,
  filterTemplates,
  normalizeDomain,
  singleQuote,
} from './toolkit.ts';

/** Splits a command as a POSIX shell would; variable look-ups are recorded, not expanded. */
function shellWords(command: string) {
  const lookups: string[] = [];
  const words = parse(command, (name) => {
    lookups.push(name);
    return `$${name}`;
  });
  return { words, lookups };
}

describe('the target domain (SPEC.md 5; issue 5)', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  https://Shop.Example.com/  ', 'shop.example.com'],
    ['http://example.com', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['a-b.example.co.uk', 'a-b.example.co.uk'],
    ['example.com.', 'example.com'],
  ])('%j → %s', (input, domain) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain });
  });

  it.each(['', '   ', 'https://', 'https:///'])('%j is empty', (input) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, reason: 'empty' });
  });

  it.each([
    'localhost',
    '-bad.example.com',
    'bad-.example.com',
    'exa_mple.com',
    'example.com;rm -rf /',
    'example.com && curl evil.sh',
    '$(whoami).example.com',
    '`id`.example.com',
    "example.com'",
    'example.com/path',
    'example.com:8080',
    'user@example.com',
    '10.0.0.1',
    '[::1]',
    'a..b.com',
    'example.com//',
    `${'a'.repeat(64)}.com`,
  ])('%j is refused', (input) => {
    expect(normalizeDomain(input)).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('generated commands', () => {
  it('quotes the interpolated values and keeps each template a single command', () => {
    const commands = TEMPLATES.map((t) => buildCommand(t, 'example.com'));
    expect(commands).toContain("subfinder -d 'example.com' -all -silent -o subdomains.txt");
    expect(commands).toContain(
      "ffuf -u 'https://example.com/FUZZ' -w /usr/share/seclists/Discovery/Web-Content/common.txt -mc 200,204,301,302,307,401,403 -rate 50 -o ffuf.json",
    );
    expect(commands).toContain("sqlmap -u 'https://example.com/page.php?id=1' --batch --level 1 --risk 1");
    for (const command of commands) {
      const { words, lookups } = shellWords(command);
      expect(words.every((w) => typeof w === 'string')).toBe(true);
      expect(lookups).toEqual([]);
    }
  });

  it('has the eight templates of SPEC.md 3.4 with the standard tools', () => {
    expect(TEMPLATES.map((t) => t.command.split(' ')[0])).toEqual([
      'subfinder',
      'httpx',
      'nmap',
      'ffuf',
      'nuclei',
      'katana',
      'waybackurls',
      'sqlmap',
    ]);
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(8);
  });

  it('property: any input is refused, or every command holds no unquoted shell syntax', () => {
    const hostile = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc
        .tuple(
          fc.domain(),
          fc.constantFrom(';', '|', '&', '$(', '`', "'", '"', '\n', ' ', '>', '<', '*', '#', '\\'),
          fc.string(),
        )
        .map(([d, meta, tail]) => `${d}${meta}${tail}`),
      fc.domain(),
      fc.webUrl(),
    );
    fc.assert(
      fc.property(hostile, (input) => {
        const result = normalizeDomain(input);
        if (!result.ok) return;
        expect(result.domain).toMatch(/^[a-z0-9.-]+$/);
        for (const template of TEMPLATES) {
          const { words, lookups } = shellWords(buildCommand(template, result.domain));
          // Only plain words: no operator, redirection, glob, comment or substitution.
          expect(words.every((w) => typeof w === 'string')).toBe(true);
          expect(lookups).toEqual([]);
          expect(words.some((w) => typeof w === 'string' && w.includes(result.domain))).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
    // 2,000 generated inputs take about 5 s of CPU on one core, more while other suites run.
  }, 60_000);

  it('refuses to quote a value holding a quote', () => {
    expect(() => singleQuote("a'b")).toThrow();
  });
});

describe('filters and export', () => {
  it('an empty chip group matches all; groups combine', () => {
    expect(filterTemplates({ risk: [], skill: [], type: [] })).toHaveLength(8);
    expect(filterTemplates({ risk: ['invasive'], skill: [], type: [] }).map((t) => t.id)).toEqual([
      'vulnerability-scanning',
      'sql-injection',
    ]);
    expect(filterTemplates({ risk: [], skill: ['beginner'], type: ['recon'] })).toHaveLength(3);
    expect(filterTemplates({ risk: ['safe'], skill: ['advanced'], type: [] })).toEqual([]);
  });

  it('exports every shown command under a header naming the domain', () => {
    const text = exportText('example.com', TEMPLATES.slice(0, 2), new Date('2026-11-21T12:00:00Z'));
    expect(text.split('\n')[0]).toBe('# Bug bounty commands for example.com');
    expect(text).toContain("## Subdomain discovery (safe, beginner, recon)\nsubfinder -d 'example.com'");
    expect(exportFileName('example.com')).toBe('example.com-bug-bounty-commands.txt');
  });
});
