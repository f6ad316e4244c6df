/**
 * The bug bounty toolkit's command templates and the rules that keep generated commands safe
 * (docs/product.md#toolkit). It runs in the browser only.
 *
 * A target must be a valid hostname: after 'http://' or 'https://' and one trailing slash are
 * removed, international names become punycode (WHATWG URL's domainToASCII) and the
 * result must pass zod's hostname check: letters, digits, dots and hyphens, no label starting or
 * ending with a hyphen, labels of 1 to 63 characters, 253 at most. IP addresses and single-label
 * names are refused. So nothing typed can carry shell syntax into a command; every interpolated
 * value is single-quoted as well.
 */
import { z } from './zod.ts';

export const RISKS = ['safe', 'caution', 'invasive'] as const;
export const SKILLS = ['beginner', 'intermediate', 'advanced'] as const;
export const TYPES = ['recon', 'enumeration', 'scanning', 'testing'] as const;
export type Risk = (typeof RISKS)[number];
type Skill = (typeof SKILLS)[number];
type CommandType = (typeof TYPES)[number];

/** A command template (docs/product.md#toolkit). `command` holds `{domain}` and `{url}` (https://domain). */
export interface CommandTemplate {
  id: string;
  title: string;
  description: string;
  command: string;
  risk: Risk;
  skill: Skill;
  type: CommandType;
  category: string;
}

/** The eight templates of docs/product.md#toolkit, with real commands for the standard tools. */
export const TEMPLATES: readonly CommandTemplate[] = [
  {
    id: 'subdomain-discovery',
    title: 'Subdomain discovery',
    description:
      'Lists subdomains from passive sources (certificate logs, DNS datasets) without touching the target. Start here to map the scope.',
    command: 'subfinder -d {domain} -all -silent -o subdomains.txt',
    risk: 'safe',
    skill: 'beginner',
    type: 'recon',
    category: 'Reconnaissance',
  },
  {
    id: 'http-probe',
    title: 'HTTP probe',
    description:
      'Checks which web servers answer, with status code, page title and detected technologies. One request per host.',
    command: 'httpx -u {domain} -status-code -title -tech-detect -follow-redirects -silent',
    risk: 'safe',
    skill: 'beginner',
    type: 'recon',
    category: 'Reconnaissance',
  },
  {
    id: 'port-scan',
    title: 'Basic port scan',
    description:
      'Finds the 1,000 most common open TCP ports and the services behind them at a polite speed. Many programs limit port scanning: read the rules first.',
    command: 'nmap -sV --top-ports 1000 -T3 -oN nmap.txt {domain}',
    risk: 'caution',
    skill: 'intermediate',
    type: 'scanning',
    category: 'Network',
  },
  {
    id: 'directory-fuzzing',
    title: 'Directory fuzzing',
    description:
      'Tries common paths to find hidden files and folders, at 50 requests per second. Needs the SecLists word lists.',
    command:
      'ffuf -u {url}/FUZZ -w /usr/share/seclists/Discovery/Web-Content/common.txt -mc 200,204,301,302,307,401,403 -rate 50 -o ffuf.json',
    risk: 'caution',
    skill: 'intermediate',
    type: 'enumeration',
    category: 'Content discovery',
  },
  {
    id: 'vulnerability-scanning',
    title: 'Vulnerability scanning',
    description:
      'Runs the nuclei community templates for known misconfigurations and vulnerabilities, rate-limited to 50 requests per second.',
    command: 'nuclei -u {url} -severity low,medium,high,critical -rate-limit 50 -o nuclei.txt',
    risk: 'invasive',
    skill: 'advanced',
    type: 'scanning',
    category: 'Vulnerabilities',
  },
  {
    id: 'url-discovery',
    title: 'URL discovery',
    description: 'Crawls the site three links deep, reading JavaScript files for endpoints too.',
    command: 'katana -u {url} -d 3 -jc -silent -o urls.txt',
    risk: 'caution',
    skill: 'intermediate',
    type: 'enumeration',
    category: 'Content discovery',
  },
  {
    id: 'archive-urls',
    title: 'Archive URLs',
    description:
      'Lists the URLs the Wayback Machine has seen for the domain: old pages and parameters, without touching the target.',
    command: 'waybackurls {domain}',
    risk: 'safe',
    skill: 'beginner',
    type: 'recon',
    category: 'Reconnaissance',
  },
  {
    id: 'sql-injection',
    title: 'SQL injection testing',
    description:
      'Tests one parameter for SQL injection at the lowest level and risk. Replace the path and parameter with one in scope.',
    command: 'sqlmap -u {url}/page.php?id=1 --batch --level 1 --risk 1',
    risk: 'invasive',
    skill: 'advanced',
    type: 'testing',
    category: 'Injection',
  },
];

export type DomainResult = { ok: true; domain: string } | { ok: false; reason: 'empty' | 'invalid' };

const hostname = z.hostname();
const ipv4 = z.ipv4();

/**
 * Turns what was typed into a target domain: trims, removes 'http://' or 'https://' and one
 * trailing slash, lower-cases, converts an international name to punycode, and
 * checks it as the module comment says. 'empty' for nothing typed; 'invalid' otherwise.
 */
export function normalizeDomain(input: string): DomainResult {
  const stripped = input
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/\/$/, '');
  if (stripped === '') return { ok: false, reason: 'empty' };
  // Only a bare name may go on; anything with a path, port, user or query is refused first.
  if (/[\s/\\:@?#[\]%]/.test(stripped)) return { ok: false, reason: 'invalid' };
  let ascii: string;
  try {
    ascii = new URL(`http://${stripped}`).hostname;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const domain = ascii.replace(/\.$/, '');
  if (!hostname.safeParse(domain).success || !domain.includes('.') || ipv4.safeParse(domain).success) {
    return { ok: false, reason: 'invalid' };
  }
  return { ok: true, domain };
}

/**
 * Single-quotes a value for a POSIX shell. Only checked domains reach it, which hold no quote;
 * one that did would break out of the quotes, so it throws instead.
 */
export function singleQuote(value: string): string {
  if (value.includes("'")) throw new Error('A quote cannot appear in a checked domain');
  return `'${value}'`;
}

/** The command of `template` for a checked `domain`, with each interpolated value single-quoted. */
export function buildCommand(template: CommandTemplate, domain: string): string {
  return template.command.replace(/\{(domain|url)\}(\S*)/g, (_, key: string, rest: string) =>
    singleQuote(`${key === 'url' ? `https://${domain}` : domain}${rest}`),
  );
}

export interface Filters {
  risk: Risk[];
  skill: Skill[];
  type: CommandType[];
}

/** The templates matching every chip group; an empty group matches all (docs/product.md#toolkit). */
export function filterTemplates(filters: Filters, templates = TEMPLATES): CommandTemplate[] {
  return templates.filter(
    (t) =>
      (filters.risk.length === 0 || filters.risk.includes(t.risk)) &&
      (filters.skill.length === 0 || filters.skill.includes(t.skill)) &&
      (filters.type.length === 0 || filters.type.includes(t.type)),
  );
}

/** The text file offered by Export: a header naming the domain, then each command with its title. */
export function exportText(domain: string, templates: readonly CommandTemplate[], generatedAt: Date): string {
  const lines = [
    `# Bug bounty commands for ${domain}`,
    `# Generated ${generatedAt.toISOString()} by the First State Web Studio toolkit.`,
    '# Run them only against targets you are authorised to test, within the program rules.',
    '',
  ];
  for (const t of templates) {
    lines.push(`## ${t.title} (${t.risk}, ${t.skill}, ${t.type})`, buildCommand(t, domain), '');
  }
  return lines.join('\n');
}

/** 'shop.example.com' → 'shop.example.com-bug-bounty-commands.txt'. */
export const exportFileName = (domain: string) => `${domain}-bug-bounty-commands.txt`;
