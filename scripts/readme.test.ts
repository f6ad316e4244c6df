/**
 * The README is the newcomer's map (its "What is built today" and "npm scripts" sections): every
 * command it shows is a script of package.json, every script is shown, and the capabilities the
 * product has are named, so a newcomer learns they exist.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const scripts = Object.keys(
  (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts,
);

/** The text of the README section under `heading` (to the next heading of the same level). */
function section(heading: string): string {
  const start = readme.indexOf(`\n## ${heading}\n`);
  if (start === -1) throw new Error(`The README has no section "${heading}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe('the README', () => {
  it('shows only commands that exist, and every script of package.json', () => {
    const named = new Set(
      [...readme.matchAll(/npm run ([\w:-]+)/g), ...readme.matchAll(/\/ `?(test:[\w:-]+)`/g)].map((m) => m[1]!),
    );
    expect([...named].filter((name) => !scripts.includes(name))).toEqual([]);
    const listed = section('npm scripts');
    const shown = (name: string) =>
      ['start', 'test'].includes(name) ? listed.includes(`npm ${name}`) : new RegExp(`[ \`/]${name}\\b`).test(listed);
    expect(scripts.filter((name) => !shown(name))).toEqual([]);
  });

  it('names every capability in what is built today', () => {
    const built = readme.slice(readme.indexOf('What is built today'), readme.indexOf('\n## ')).replace(/\s+/g, ' ');
    const capabilities = [
      /live chat/i,
      /share files/i,
      /approvals/i,
      /passkeys/i,
      /two-step verification/i,
      /download or have erased their data/i,
      /invited client/i,
      /website audit/i,
      /blog editor/i,
      /newsletter/i,
      /time logged/i,
      /cookie banner/i,
      /emergency/i,
    ];
    expect(capabilities.filter((words) => !words.test(built)).map(String)).toEqual([]);
  });
});
