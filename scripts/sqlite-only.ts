/**
 * What in the sources is bound to SQLite, read with the TypeScript compiler's parser
 * (docs/decisions/0040-the-road-to-postgresql.md): the measure of a port to PostgreSQL, and the
 * check that keeps it from growing (scripts/sqlite-only.test.ts).
 *
 * - `scanSource(file, text)`: every piece of SQL a module holds (drizzle `sql` templates, each
 *   nested one on its own; `sql.raw(…)`; string literals that read as a statement, such as those
 *   handed to a driver's `exec` or `prepare`) and every SQLite-only use in it, with its line:
 *   the SQL features of SQLITE_ONLY_SQL, the column modes and builders of drizzle's sqlite-core
 *   that pg-core has not (`integer({ mode: 'timestamp_ms' | 'boolean' })`, `text({ mode: 'json' })`,
 *   `blob()`, `primaryKey({ autoIncrement })`, `sqliteView`, `customType`), imports of a SQLite
 *   driver, SQLite's error codes and messages, and times bound into a `sql` template as epoch
 *   milliseconds (`${date.getTime()}`: the integer columns' encoding, which a port to
 *   `timestamptz` changes). Importing `sqliteTable`, `text`, `integer` or a
 *   type from sqlite-core is not a finding: the port renames those imports file by file.
 * - `sqliteOnlySql(sql)`: the SQLITE_ONLY_SQL features one piece of SQL uses.
 * - `allowListOf(adr)`: the files the ADR lists between its `sqlite-only files` markers, each with
 *   the number of SQLite-only uses it counted there: the only files where one may be.
 * - `againstAllowList(scans, allowed)`: where the sources and that list disagree: a use in a file
 *   not listed (`file:line feature: code`), or a listed file with more or fewer uses than counted.
 *
 * `npx tsx scripts/sqlite-only.ts` prints the figures the ADR quotes: the schema's tables, columns
 * and column kinds (loaded through drizzle), then the SQL of each file that holds any, with its
 * SQLite-only features.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

/** A SQLite-only feature of SQL text, and what PostgreSQL offers in its place. */
export interface SqlFeature {
  name: string;
  /** Whether `sql` (interpolated values written as `?`) uses it. */
  test(sql: string): boolean;
  postgres: string;
}

/** One SQLite-only use in a source file. */
export interface Finding {
  /** The path as given to `scanSource` (relative to the repository in the ADR and the test). */
  file: string;
  /** 1-based. */
  line: number;
  feature: string;
  /** The code it was found in, on one line and cut to 100 characters. */
  code: string;
}

/** One piece of SQL in a source file. */
export interface SqlText {
  line: number;
  /** `template`: a drizzle `sql` template; `raw`: `sql.raw(…)`; `string`: a literal that reads as a statement. */
  kind: 'template' | 'raw' | 'string';
  /** The SQL, interpolated values as `?` (empty for `sql.raw` of a non-literal). */
  sql: string;
  /** The SQLITE_ONLY_SQL features it uses. */
  features: string[];
}

/** What `scanSource` found in one file. */
export interface Scan {
  file: string;
  sql: SqlText[];
  findings: Finding[];
}

const pattern =
  (regex: RegExp) =>
  (sql: string): boolean =>
    regex.test(sql);

/** True when `sql` calls max() or min() with more than one argument (SQLite's scalar forms). */
function scalarMinMax(sql: string): boolean {
  for (const call of sql.matchAll(/\b(?:max|min)\s*\(/gi)) {
    let depth = 0;
    for (let i = call.index + call[0].length - 1; i < sql.length; i++) {
      const c = sql[i];
      if (c === '(') depth++;
      else if (c === ')' && --depth === 0) break;
      else if (c === ',' && depth === 1) return true;
    }
  }
  return false;
}

/**
 * True when `sql` treats a boolean as an integer, as SQLite stores it: a column or value compared
 * to a bare 0 or 1 (`${t.isRead} = 0`, `c."is_read" = 0`), or a comparison summed
 * (`sum(${t.status} = 'waiting')`). PostgreSQL refuses both. An integer column compared to 0 or 1
 * reads the same: bind the number instead (`${t.attempts} = ${0}`). Pragmas are left out.
 */
function booleanAsInteger(sql: string): boolean {
  if (/^\s*pragma\b/i.test(sql)) return false;
  return (
    /(?:\?|"\w+"|\b[a-z_]\w*)\s*(?:=|!=|<>)\s*[01](?![\w.])/i.test(sql) ||
    /\b(?:sum|total|avg)\s*\((?![^()]*\bcase\b)[^()]*(?:=|<>|<|>)/i.test(sql)
  );
}

/**
 * SQL that SQLite runs and PostgreSQL does not (or runs with another meaning), as this tree could
 * write it. `||`, `coalesce`, `lower`, `replace`, `count`, `ON CONFLICT … DO` and `RETURNING`
 * mean the same in both and are not here.
 */
export const SQLITE_ONLY_SQL: readonly SqlFeature[] = [
  { name: 'unixepoch()', test: pattern(/\bunixepoch\s*\(/i), postgres: 'now(), extract(epoch from …)' },
  { name: 'strftime()', test: pattern(/\bstrftime\s*\(/i), postgres: 'to_char(), date_trunc()' },
  {
    name: "datetime() / julianday() / date('now')",
    test: pattern(/\b(?:datetime|julianday)\s*\(|\b(?:date|time)\s*\(\s*'now'/i),
    postgres: 'now() and interval arithmetic',
  },
  {
    name: 'json_each()',
    test: pattern(/\bjson_(?:each|tree)\s*\(/i),
    postgres: 'jsonb_array_elements_text(), or = any($1) over an array',
  },
  {
    name: 'SQLite JSON functions',
    test: pattern(
      /\bjson_(?:extract|object|array|group_array|group_object|set|insert|replace|remove|patch|array_length|valid|type|quote)\s*\(/i,
    ),
    postgres: 'jsonb operators, jsonb_build_object(), jsonb_agg(), jsonb_set()',
  },
  { name: 'group_concat()', test: pattern(/\bgroup_concat\s*\(/i), postgres: 'string_agg()' },
  { name: 'ifnull() / iif()', test: pattern(/\b(?:ifnull|iif)\s*\(/i), postgres: 'coalesce(), CASE' },
  { name: 'instr()', test: pattern(/\binstr\s*\(/i), postgres: 'strpos()' },
  { name: 'printf()', test: pattern(/\bprintf\s*\(/i), postgres: 'format()' },
  {
    name: 'randomblob() / zeroblob() / hex()',
    test: pattern(/\b(?:randomblob|zeroblob|hex)\s*\(/i),
    postgres: "gen_random_bytes(), encode(…, 'hex')",
  },
  { name: 'typeof()', test: pattern(/\btypeof\s*\(/i), postgres: 'pg_typeof()' },
  {
    name: 'last_insert_rowid() / changes()',
    test: pattern(/\b(?:last_insert_rowid|changes|total_changes)\s*\(/i),
    postgres: 'RETURNING, the command tag',
  },
  { name: 'max() / min() of several values', test: scalarMinMax, postgres: 'greatest(), least()' },
  { name: 'GLOB', test: pattern(/\bglob\b/i), postgres: 'LIKE, ~' },
  { name: 'rowid', test: pattern(/\b_?rowid_?\b/i), postgres: 'a key column (there is no stable row id)' },
  {
    name: 'COLLATE NOCASE',
    test: pattern(/\bcollate\s+(?:nocase|rtrim)\b/i),
    postgres: 'lower() with an index on lower(…), citext, or an ICU collation',
  },
  {
    name: 'INSERT OR … / REPLACE INTO',
    test: pattern(/\binsert\s+or\s+(?:ignore|replace|abort|fail|rollback)\b|\breplace\s+into\b/i),
    postgres: 'INSERT … ON CONFLICT',
  },
  { name: 'PRAGMA', test: pattern(/\bpragma\b/i), postgres: 'SET, ALTER SYSTEM, the catalog' },
  {
    name: 'BEGIN IMMEDIATE / EXCLUSIVE',
    test: pattern(/\bbegin\s+(?:immediate|exclusive|deferred)\b/i),
    postgres: 'BEGIN ISOLATION LEVEL …, SELECT … FOR UPDATE',
  },
  { name: 'VACUUM INTO', test: pattern(/\bvacuum\s+into\b/i), postgres: 'pg_dump, a managed snapshot' },
  {
    name: 'FTS5',
    test: pattern(
      /\bmatch\b|\bfts5\b|\bbm25\s*\(|\b(?:highlight|snippet)\s*\(|values\s*\(\s*'(?:rebuild|integrity-check|optimize|merge|delete-all)'/i,
    ),
    postgres: 'a tsvector column, @@ to_tsquery(), a GIN index',
  },
  { name: 'virtual tables', test: pattern(/\bvirtual\s+table\b/i), postgres: 'ordinary tables, extensions' },
  {
    name: 'sqlite_master / sqlite_sequence',
    test: pattern(/\bsqlite_(?:master|schema|sequence|temp_master|stat\d)\b/i),
    postgres: 'information_schema, pg_catalog',
  },
  { name: 'AUTOINCREMENT', test: pattern(/\bautoincrement\b/i), postgres: 'GENERATED … AS IDENTITY' },
  { name: 'ATTACH DATABASE', test: pattern(/\battach\s+database\b/i), postgres: 'another schema, postgres_fdw' },
  {
    name: 'booleans as 0/1',
    test: booleanAsInteger,
    postgres: 'true / false, bool_or(), count(*) filter (where …)',
  },
];

/** The SQLITE_ONLY_SQL features `sql` uses (interpolated values written as `?`), by name. */
export function sqliteOnlySql(sql: string): string[] {
  return SQLITE_ONLY_SQL.filter((feature) => feature.test(sql)).map((feature) => feature.name);
}

/** Modules that open or speak to SQLite itself. */
const DRIVER_MODULE =
  /^(?:libsql|libsql\/.*|@libsql\/.*|better-sqlite3|node:sqlite|drizzle-orm\/(?:libsql|sqlite-proxy|better-sqlite3|bun-sqlite|d1|durable-sqlite|expo-sqlite|op-sqlite)(?:\/.*)?)$/;

/**
 * sqlite-core exports whose every use is SQLite's own: views, and custom column types (written in
 * SQLite's type names). `blob` is found where it is called.
 */
const SQLITE_CORE_ONLY = new Set(['sqliteView', 'customType']);

/** sqlite-core column builders whose `mode` option is SQLite's (pg-core has other types instead). */
const MODED_COLUMNS = new Set(['integer', 'text', 'blob', 'numeric']);

/** SQLite's error codes and messages, which a driver for PostgreSQL never gives. */
const SQLITE_ERROR = /^SQLITE_[A-Z_]+$|UNIQUE constraint failed|database is locked|no such table/;

/** A statement, not a sentence: what a string literal must start with to count as SQL. */
const STATEMENT =
  /^\s*(?:select\s[\s\S]*\sfrom\s|insert\s+(?:or\s+\w+\s+)?into\s|update\s+\S+\s+set\s|delete\s+from\s|pragma\s|begin(?:\s+\w+)?\s*;?\s*$|commit\s*;?\s*$|rollback\b|vacuum\b|create\s+(?:temp\s+|unique\s+|virtual\s+)?(?:table|index|trigger|view)\b|drop\s+(?:table|index|trigger|view)\b|alter\s+table\s|with\s+\w+\s+as\s*\(|savepoint\s|release\s)/i;

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 100 ? `${flat.slice(0, 99)}…` : flat;
};

/** The text of a template with each interpolation written as `?`. */
function templateText(template: ts.TemplateLiteral): string {
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return template.head.text + template.templateSpans.map((span) => `?${span.literal.text}`).join('');
}

/** Reads `source` as the module `file` (see the module comment); never throws on odd code. */
export function scanSource(file: string, source: string): Scan {
  const kind = /\.tsx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const root = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const sql: SqlText[] = [];
  const findings: Finding[] = [];
  /** Local names of sqlite-core imports → the exported name. */
  const core = new Map<string, string>();
  const lineOf = (node: ts.Node) => root.getLineAndCharacterOfPosition(node.getStart(root)).line + 1;
  const find = (node: ts.Node, feature: string) =>
    findings.push({ file, line: lineOf(node), feature, code: oneLine(node.getText(root)) });
  const addSql = (node: ts.Node, kindOf: SqlText['kind'], text: string) => {
    const features = sqliteOnlySql(text);
    sql.push({ line: lineOf(node), kind: kindOf, sql: text, features });
    for (const feature of features) find(node, feature);
  };

  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (DRIVER_MODULE.test(from)) find(node, `SQLite driver (${from})`);
      if (from === 'drizzle-orm/sqlite-core') {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) {
            const name = (element.propertyName ?? element.name).text;
            core.set(element.name.text, name);
            if (SQLITE_CORE_ONLY.has(name)) find(element, `sqlite-core ${name}`);
          }
        }
      }
      return;
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(root) === 'sql') {
      addSql(node, 'template', templateText(node.template));
      if (ts.isTemplateExpression(node.template)) {
        for (const span of node.template.templateSpans) {
          if (/\.getTime\(\)|\bDate\.now\(\)/.test(span.expression.getText(root))) {
            find(span.expression, 'time bound as epoch milliseconds');
          }
          visit(span.expression);
        }
      }
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(root);
      const [first] = node.arguments;
      if (callee === 'sql.raw') {
        const literal = first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first));
        addSql(node, 'raw', literal ? first.text : '');
        if (!literal) node.arguments.forEach(visit);
        return;
      }
      if (node.expression.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteral(first)) {
        if (DRIVER_MODULE.test(first.text)) find(node, `SQLite driver (${first.text})`);
      }
      // By the name it was imported under from sqlite-core, else by its own name: a builder
      // reached through a re-export is still one.
      const builder = ts.isIdentifier(node.expression)
        ? (core.get(node.expression.text) ?? node.expression.text)
        : undefined;
      if (builder && MODED_COLUMNS.has(builder)) {
        const options = node.arguments.find(ts.isObjectLiteralExpression);
        const mode = options?.properties.find(
          (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && p.name.getText(root) === 'mode',
        );
        const value = mode && ts.isStringLiteral(mode.initializer) ? mode.initializer.text : undefined;
        if (builder === 'blob') find(node, value ? `blob({ mode: '${value}' })` : 'blob()');
        else if (value) find(node, `${builder}({ mode: '${value}' })`);
      }
    }
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(root) === 'autoIncrement' &&
      node.initializer.kind === ts.SyntaxKind.TrueKeyword
    ) {
      find(node, 'primaryKey({ autoIncrement: true })');
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const text = ts.isTemplateExpression(node) ? templateText(node) : node.text;
      if (SQLITE_ERROR.test(text)) find(node, 'SQLite error codes and messages');
      else if (STATEMENT.test(text)) addSql(node, 'string', text);
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return { file, sql, findings };
}

/** Where the ADR's list of files starts and ends. */
export const ALLOW_LIST_START = '<!-- sqlite-only files: start -->';
export const ALLOW_LIST_END = '<!-- sqlite-only files: end -->';

/** A file the ADR allows SQLite-only uses in, and how many it counted there. */
export interface AllowedFile {
  file: string;
  uses: number;
}

/**
 * The files the ADR lists between ALLOW_LIST_START and ALLOW_LIST_END, one list item each, written
 * `` - `path` (uses): … ``. Throws when a marker is missing or an item is not in that form.
 */
export function allowListOf(adr: string): AllowedFile[] {
  const start = adr.indexOf(ALLOW_LIST_START);
  const end = adr.indexOf(ALLOW_LIST_END);
  if (start === -1 || end < start) throw new Error(`No list between ${ALLOW_LIST_START} and ${ALLOW_LIST_END}`);
  return adr
    .slice(start + ALLOW_LIST_START.length, end)
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => {
      const item = /^- `([^`]+)` \((\d+)\)/.exec(line);
      if (!item) throw new Error(`Not a \`path\` (uses) item: ${line}`);
      return { file: item[1]!, uses: Number(item[2]) };
    });
}

/**
 * What differs between `scans` and the ADR's `allowed` files: each SQLite-only use in a file the
 * ADR does not list (`file:line feature: code`), and each listed file whose count of uses is not
 * the ADR's (a line saying so, then its uses). Empty when they agree.
 */
export function againstAllowList(scans: readonly Scan[], allowed: readonly AllowedFile[]): string[] {
  const counted = new Map(allowed.map((entry) => [entry.file, entry.uses]));
  const where = (f: Finding) => `${f.file}:${f.line} ${f.feature}: ${f.code}`;
  return scans.flatMap((scan) => {
    const expected = counted.get(scan.file);
    if (expected === undefined) return scan.findings.map(where);
    if (expected === scan.findings.length) return [];
    return [
      `${scan.file}: ADR 0040 counts ${expected} SQLite-only uses, the file has ${scan.findings.length}`,
      ...scan.findings.map((f) => `  ${where(f)}`),
    ];
  });
}

/**
 * The modules the check covers: the schema (db/schema/*.ts) and the server (src/server/**, the
 * only code ESLint lets reach the database), tests left out.
 */
export async function checkedFiles(root: string): Promise<string[]> {
  const schema = (await readdir(join(root, 'db/schema'))).map((name) => `db/schema/${name}`);
  const server = (await readdir(join(root, 'src/server'), { recursive: true })).map((name) => `src/server/${name}`);
  return [...schema, ...server]
    .filter((path) => /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) && !path.endsWith('.d.ts'))
    .map((path) => path.split('\\').join('/'))
    .sort();
}

/** Scans each of `files` (paths relative to `root`). Throws when one cannot be read. */
export async function scanFiles(root: string, files: readonly string[]): Promise<Scan[]> {
  return Promise.all(files.map(async (file) => scanSource(file, await readFile(join(root, file), 'utf8'))));
}

/** The figures of the ADR (see the module comment), printed to stdout. */
async function report(root: string): Promise<void> {
  const { is, SQL } = await import('drizzle-orm');
  const { SQLiteTable, getTableConfig } = await import('drizzle-orm/sqlite-core');
  const schema: Record<string, unknown> = await import(pathToFileURL(join(root, 'db/schema/index.ts')).href);
  const tables = Object.values(schema).filter((value): value is InstanceType<typeof SQLiteTable> =>
    is(value, SQLiteTable),
  );
  const kinds = new Map<string, number>();
  const tally = (key: string) => kinds.set(key, (kinds.get(key) ?? 0) + 1);
  let columns = 0;
  for (const table of tables) {
    const config = getTableConfig(table);
    columns += config.columns.length;
    for (const column of config.columns) {
      const mode = (column as { mode?: string }).mode;
      tally(`column ${column.columnType}${mode && column.columnType !== 'SQLiteBoolean' ? ` (${mode})` : ''}`);
      if (is(column.default, SQL)) tally('default: SQL expression');
      else if (column.default !== undefined) tally('default: constant');
      if (column.defaultFn) tally('default: $defaultFn (in JS)');
      if ((column as { autoIncrement?: boolean }).autoIncrement) tally('AUTOINCREMENT primary key');
      if (column.enumValues?.length) tally('text with enum');
    }
    for (const index of config.indexes) tally(index.config.where ? 'index (partial)' : 'index');
    for (const _ of config.foreignKeys) tally('foreign key');
    for (const _ of config.primaryKeys) tally('composite primary key');
    for (const _ of config.uniqueConstraints) tally('unique constraint');
  }
  console.log(`Schema (db/schema/*.ts through drizzle): ${tables.length} tables, ${columns} columns`);
  for (const [key, n] of [...kinds].sort()) console.log(`  ${key}: ${n}`);

  const checked = await scanFiles(root, await checkedFiles(root));
  console.log(
    '\nChecked (db/schema, src/server): sql`…` templates (each nested one too) / sql.raw / statements; SQLite-only uses',
  );
  printScans(checked, true);
  const used = new Set(checked.flatMap((scan) => scan.findings.map((f) => f.feature)));
  console.log('\nThe SQL features found there, and what PostgreSQL has instead');
  for (const feature of SQLITE_ONLY_SQL.filter((f) => used.has(f.name))) {
    console.log(`  ${feature.name}: ${feature.postgres}`);
  }
  console.log('\nNot checked: db/*.ts, scripts/, tests/support/');
  printScans(await scanFiles(root, await toolFiles(root)), true);
  console.log('\nNot checked: the tests (tests/integration, tests/e2e, *.test.ts under src/ and scripts/)');
  printScans(await scanFiles(root, await testFiles(root)), false);
}

/** One line per file of `scans` that holds SQL (when `perFile`), then their totals. */
function printScans(scans: readonly Scan[], perFile: boolean): void {
  const totals = { template: 0, raw: 0, string: 0, files: 0, sqliteFiles: 0, uses: 0 };
  for (const scan of scans) {
    if (scan.sql.length === 0 && scan.findings.length === 0) continue;
    const count = (kind: SqlText['kind']) => scan.sql.filter((s) => s.kind === kind).length;
    const features = new Map<string, number>();
    for (const f of scan.findings) features.set(f.feature, (features.get(f.feature) ?? 0) + 1);
    const listed = [...features].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
    if (perFile) {
      const uses = scan.findings.length ? `${scan.findings.length}: ${listed}` : '0';
      console.log(`  ${scan.file}: ${count('template')} / ${count('raw')} / ${count('string')}; ${uses}`);
    }
    totals.template += count('template');
    totals.raw += count('raw');
    totals.string += count('string');
    totals.files++;
    totals.uses += scan.findings.length;
    if (scan.findings.length) totals.sqliteFiles++;
  }
  console.log(
    `  Total: ${totals.files} files with SQL, ${totals.template} templates, ${totals.raw} sql.raw, ` +
      `${totals.string} statements; ${totals.uses} SQLite-only uses in ${totals.sqliteFiles} files`,
  );
}

/** The files of `dir` (relative to `root`) whose names match `name`, as paths from `root`. */
async function filesIn(root: string, dir: string, name: RegExp, recursive = false): Promise<string[]> {
  const names = await readdir(join(root, dir), { recursive });
  return names
    .filter((file) => name.test(file))
    .map((file) => `${dir}/${file.split('\\').join('/')}`)
    .sort();
}

/** The tooling around the database that the check does not cover: db/*.ts, scripts/, tests/support/. */
async function toolFiles(root: string): Promise<string[]> {
  const tools = /^[^/\\]+\.(?:ts|mjs)$/;
  const files = [
    ...(await filesIn(root, 'db', tools)),
    ...(await filesIn(root, 'scripts', tools)),
    ...(await filesIn(root, 'tests/support', tools)),
  ];
  return files.filter((path) => !/\.test\.ts$/.test(path) && path !== 'scripts/sqlite-only.ts');
}

/** The tests: tests/integration, tests/e2e, and the unit tests beside the code. */
async function testFiles(root: string): Promise<string[]> {
  return [
    ...(await filesIn(root, 'tests/integration', /\.(?:ts|mjs)$/)),
    ...(await filesIn(root, 'tests/e2e', /\.ts$/)),
    ...(await filesIn(root, 'src', /\.test\.tsx?$/, true)),
    ...(await filesIn(root, 'scripts', /\.test\.ts$/)),
  ].filter((path) => path !== 'scripts/sqlite-only.test.ts');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await report(relative(process.cwd(), join(import.meta.dirname, '..')) || '.');
}
