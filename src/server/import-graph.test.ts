/**
 * The server's layers read top-down (docs/decisions/0025-import-graph.md): the import graph
 * of src/server, as dependency-cruiser reads it with TypeScript, type-only imports included.
 *
 * - No circle: no module reaches itself again through its imports. A failure lists every circle
 *   once, as `a.ts → b.ts →(type) c.ts → a.ts` (`(type)` marks an `import type` edge).
 * - Imports run down the layers (docs/decisions/0036-server-by-feature.md), never up: the base
 *   (settings in env/, the log, errors, validation), then the database (db/, storage/), operations
 *   (ops/: backups, leases, health), the services (services/, one folder per feature), the request
 *   context (deps.ts, context.ts), what serves requests and runs in the background (middleware/,
 *   live/, jobs/), the routes (routes/), and last the process (app.ts, the front server, its
 *   assembly and entry). Nothing under services/, db/ or ops/ reaches routes/, middleware/, live/
 *   or jobs/. A module in no layer fails the check until it is given one.
 * - No route file imports another route file (docs/decisions/0007-server-by-resource-one-identity.md):
 *   a module under routes/ may import the `params.ts` beside it, and an area's `index.ts` the
 *   route modules beside it, which it mounts. Anything else two route files share moves out of
 *   routes/ (middleware/limits.ts, for instance) or into src/shared/schemas when the browser
 *   uses it too. The account-security routes of routes/account/ are factories both areas mount.
 */
import { basename, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SERVER = 'src/server/';
const ROUTES = 'src/server/routes/';

/** One import: from a module to another, and whether it imports types only. */
interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

let modules: ICruiseResult['modules'];
let edges: Edge[];

beforeAll(async () => {
  const { output } = await cruise([SERVER], {
    baseDir: ROOT,
    exclude: { path: '\\.test\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    // With TypeScript's own parser, so `import type` counts as an edge (a circle is a circle).
    tsPreCompilationDeps: true,
  });
  if (typeof output === 'string') throw new Error('dependency-cruiser answered text, not a result');
  modules = output.modules;
  edges = modules.flatMap((m) =>
    m.dependencies
      .filter((d) => !d.coreModule && !d.couldNotResolve && !d.resolved.includes('node_modules'))
      .map((d) => ({ from: m.source, to: d.resolved, typeOnly: d.dependencyTypes.includes('type-only') })),
  );
}, 60_000);

const short = (path: string) => (path.startsWith(SERVER) ? path.slice(SERVER.length) : path);

/** The strongly connected components of `next` (Tarjan): circles only run inside one. */
function components(nodes: string[], next: Map<string, Edge[]>): Map<string, number> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  let counter = 0;
  let count = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    for (const { to } of next.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (!component.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      let member: string;
      do {
        member = stack.pop()!;
        component.set(member, count);
      } while (member !== node);
      count++;
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return component;
}

/** Every circle of `all`, once each, starting at its smallest module name. */
function circles(all: Edge[]): string[] {
  const next = new Map<string, Edge[]>();
  for (const edge of all) next.set(edge.from, [...(next.get(edge.from) ?? []), edge]);
  const nodes = [...new Set(all.flatMap((e) => [e.from, e.to]))].sort();
  const component = components(nodes, next);
  const found = new Set<string>();
  // Each circle is walked from its smallest module, through larger ones of the same component
  // only, so it comes out exactly once and an acyclic graph costs one pass.
  for (const start of nodes) {
    const path: Edge[] = [];
    const onPath = new Set<string>([start]);
    const walk = (at: string) => {
      for (const edge of next.get(at) ?? []) {
        if (edge.to === start) {
          found.add(format([...path, edge]));
        } else if (edge.to > start && !onPath.has(edge.to) && component.get(edge.to) === component.get(start)) {
          path.push(edge);
          onPath.add(edge.to);
          walk(edge.to);
          onPath.delete(edge.to);
          path.pop();
        }
      }
    };
    walk(start);
  }
  return [...found].sort();
}

function format(chain: Edge[]): string {
  return [short(chain[0]!.from), ...chain.map((e) => `${e.typeOnly ? '→(type)' : '→'} ${short(e.to)}`)].join(' ');
}

/**
 * The layers of src/server, lowest first: a module may import its own layer or a lower one. Each
 * entry is a folder (ending in `/`) or a file directly under src/server.
 */
export const LAYERS: readonly (readonly string[])[] = [
  [
    'env/',
    'log.ts',
    'errors.ts',
    'validation.ts',
    'pdf-response.ts',
    'lifecycle.ts',
    'background.ts',
    'policy-check.ts',
  ],
  ['db/', 'storage/'],
  ['ops/'],
  ['services/'],
  ['deps.ts', 'context.ts'],
  ['middleware/', 'live/', 'jobs/', 'booking-answers.ts'],
  ['routes/'],
  ['app.ts', 'static-files.ts', 'front.ts', 'assembly.ts', 'runtime.ts', 'dev-bridge.ts', 'main.ts'],
];

/** The layer of a module of src/server (its index in LAYERS), or undefined when it has none. */
export function layerOf(path: string): number | undefined {
  const inServer = short(path);
  const index = LAYERS.findIndex((layer) =>
    layer.some((entry) => (entry.endsWith('/') ? inServer.startsWith(entry) : inServer === entry)),
  );
  return index === -1 ? undefined : index;
}

/** The edges of `all` inside src/server that run from a lower layer to a higher one. */
function upward(all: Edge[]): string[] {
  return all
    .filter((e) => e.from.startsWith(SERVER) && e.to.startsWith(SERVER))
    .filter((e) => (layerOf(e.from) ?? -1) < (layerOf(e.to) ?? Infinity))
    .map((e) => format([e]));
}

/**
 * Whether a route module may import `to`: the params.ts beside it, (from index.ts) a sibling it
 * mounts, or an account-security route factory of routes/account/.
 */
function routeImportAllowed(from: string, to: string): boolean {
  // routes/account/ holds the account-security routes (passkeys, two-step, sessions) that both
  // areas mount under their own prefix: factories taking the area, imported by an area's modules.
  if (to.startsWith(`${ROUTES}account/`) && !from.startsWith(`${ROUTES}account/`)) return true;
  if (dirname(from) !== dirname(to)) return false;
  return basename(to) === 'params.ts' || basename(from) === 'index.ts';
}

describe('the import graph of src/server', () => {
  it('is read with TypeScript, type-only imports included', () => {
    expect(modules.length).toBeGreaterThan(100);
    // deps.ts imports nothing but types: were they dropped, it would have no edge at all.
    expect(edges).toContainEqual({ from: `${SERVER}deps.ts`, to: `${SERVER}env/index.ts`, typeOnly: true });
  });

  it('has no circular imports', () => {
    expect(circles(edges)).toEqual([]);
  });

  it('finds a circle, type-only edges included (the check itself)', () => {
    const a = `${SERVER}a.ts`;
    const b = `${SERVER}b.ts`;
    const c = `${SERVER}c.ts`;
    const sample: Edge[] = [
      { from: a, to: b, typeOnly: false },
      { from: b, to: c, typeOnly: true },
      { from: c, to: a, typeOnly: false },
      { from: b, to: a, typeOnly: false },
    ];
    expect(circles(sample)).toEqual(['a.ts → b.ts → a.ts', 'a.ts → b.ts →(type) c.ts → a.ts']);
  });

  it('places every module of src/server in a layer', () => {
    const serverModules = modules.map((m) => m.source).filter((source) => source.startsWith(SERVER));
    expect(serverModules.filter((source) => layerOf(source) === undefined).map(short)).toEqual([]);
  });

  it('has no import running from a lower layer to a higher one', () => {
    expect(upward(edges)).toEqual([]);
  });

  it('finds an import that runs up (the check itself)', () => {
    const sample: Edge[] = [
      { from: `${SERVER}services/leads/leads.ts`, to: `${SERVER}routes/leads.ts`, typeOnly: true },
      { from: `${SERVER}db/database.ts`, to: `${SERVER}jobs/sweep.ts`, typeOnly: false },
      { from: `${SERVER}routes/leads.ts`, to: `${SERVER}services/leads/leads.ts`, typeOnly: false },
      { from: `${SERVER}services/leads/leads.ts`, to: `${SERVER}services/email/queue.ts`, typeOnly: false },
    ];
    expect(upward(sample)).toEqual([
      'services/leads/leads.ts →(type) routes/leads.ts',
      'db/database.ts → jobs/sweep.ts',
    ]);
  });

  it('has no route file importing another route file (but index.ts mounting its own)', () => {
    const routeEdges = edges.filter((e) => e.from.startsWith(ROUTES) && e.to.startsWith(ROUTES));
    // The areas' index.ts mount their modules: the check sees those imports.
    expect(routeEdges).toContainEqual({
      from: `${ROUTES}admin/index.ts`,
      to: `${ROUTES}admin/projects.ts`,
      typeOnly: false,
    });
    const offending = routeEdges.filter((e) => !routeImportAllowed(e.from, e.to)).map((e) => format([e]));
    expect(offending).toEqual([]);
  });
});
