// Prints the code-shape figures the team keeps: import circles, server modules that query the database outside a
// repository, the largest source folder, literal URLs handed to the web API client and tracker tags in comments.
// `--check` exits 1 when one of them is over its limit, so lint keeps them where they are.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const sourceRoots = [
  'apps/server/src',
  'apps/web/src',
  'packages/contracts/src',
  'packages/domain/src',
  'packages/db/src',
];
const limits = {
  importCircles: 0,
  moduleCycles: 0,
  queriesOutsideRepositories: 0,
  largestFolderLines: 1500,
  literalApiUrls: 0,
  trackerTags: 0,
};

function filesBelow(dir, pattern = /\.(ts|tsx)$/) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return ['node_modules', 'dist', 'coverage'].includes(name) ? [] : filesBelow(path, pattern);
    return pattern.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

const files = sourceRoots.flatMap((dir) => filesBelow(join(root, dir)));
const text = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));

/** Where a relative or `@/` import lands, if it is one of our source files. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@/')) base = join(root, 'apps/web/src', specifier.slice(2));
  else return undefined;
  const stem = base.replace(/\.(js|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (text.has(candidate)) return candidate;
  }
  return undefined;
}

// Type-only imports count too: a circle of types still ties two modules together.
const importPattern = /(?:^|\n)\s*(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;
const graph = new Map();
for (const [file, source] of text) {
  const targets = new Set();
  for (const match of source.matchAll(importPattern)) {
    const target = resolveImport(file, match[1]);
    if (target) targets.add(target);
  }
  graph.set(file, targets);
}

/** Strongly connected components of more than one file (Tarjan): each is an import circle. */
function importCircles() {
  let index = 0;
  const indexOf = new Map();
  const lowOf = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    indexOf.set(file, index);
    lowOf.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowOf.set(file, Math.min(lowOf.get(file), lowOf.get(next)));
      } else if (onStack.has(next)) lowOf.set(file, Math.min(lowOf.get(file), indexOf.get(next)));
    }
    if (lowOf.get(file) === indexOf.get(file)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) circles.push(component.map((path) => relative(root, path)).sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return circles;
}

/** True when a file imports a runtime value (a table, an operator, `sql`) from drizzle or from `@jala/db`. */
function usesQueryBuilder(source) {
  for (const match of source.matchAll(
    /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](@jala\/db|drizzle-orm[^'"]*)['"]/g,
  )) {
    if (match[1]) continue;
    const values = match[2]
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    if (values.length > 0) return true;
  }
  return false;
}

const modulesDir = join(root, 'apps/server/src/modules');

/** Server modules (folders under modules/) that reach each other, directly or round a longer loop. */
function moduleCycles() {
  const moduleOf = (file) => (file.startsWith(`${modulesDir}/`) ? relative(modulesDir, file).split('/')[0] : undefined);
  const edges = new Map();
  for (const [file, targets] of graph) {
    const from = moduleOf(file);
    if (!from || from.endsWith('.ts')) continue;
    for (const target of targets) {
      const to = moduleOf(target);
      if (to && to !== from && !to.endsWith('.ts')) edges.set(from, new Set([...(edges.get(from) ?? []), to]));
    }
  }
  const reaches = (from, to, seen = new Set()) =>
    [...(edges.get(from) ?? [])].some(
      (next) => next === to || (!seen.has(next) && (seen.add(next), reaches(next, to, seen))),
    );
  const cycles = new Set();
  for (const [from, targets] of edges) {
    for (const to of targets) if (reaches(to, from)) cycles.add([from, to].sort().join(' <-> '));
  }
  return [...cycles];
}
const queriesOutsideRepositories = files
  .filter((file) => file.startsWith(modulesDir) && !/\.repository\.ts$/.test(file))
  .filter((file) => usesQueryBuilder(text.get(file)))
  .map((file) => relative(root, file));

const folderLines = new Map();
for (const [file, source] of text) {
  const folder = relative(root, dirname(file));
  folderLines.set(folder, (folderLines.get(folder) ?? 0) + source.split('\n').length);
}
const largestFolders = [...folderLines].sort((a, b) => b[1] - a[1]).slice(0, 5);

const literalApiUrls = files
  .filter((file) => file.includes('/apps/web/src/'))
  .flatMap((file) =>
    [...text.get(file).matchAll(/apiClient\.(?:get|post|put|patch|delete|request)\s*(?:<[^(]*>)?\(\s*[`'"]/g)].map(() =>
      relative(root, file),
    ),
  );

// Tracker tags are looked for in every code file, tests and scripts included.
const codeFiles = ['apps', 'packages', 'e2e', 'bench', 'scripts'].flatMap((dir) =>
  filesBelow(join(root, dir), /\.(ts|tsx|mjs|js|css)$/),
);
const trackerPattern = /\b(?:issues?|tasks?)\s+#?\d+/gi;
const trackerTags = codeFiles
  .filter((file) => file !== fileURLToPath(import.meta.url))
  .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(trackerPattern)].map(() => relative(root, file)));

const figures = {
  importCircles: importCircles(),
  moduleCycles: moduleCycles(),
  queriesOutsideRepositories,
  largestFolderLines: largestFolders[0]?.[1] ?? 0,
  literalApiUrls,
  trackerTags,
};
const count = (value) => (Array.isArray(value) ? value.length : value);
let over = false;
for (const [name, value] of Object.entries(figures)) {
  const within = count(value) <= limits[name];
  over ||= !within;
  console.info(`${within ? 'ok  ' : 'OVER'} ${name}: ${count(value)} (limit ${limits[name]})`);
  if (!within && Array.isArray(value))
    for (const item of [...new Set(value.map(String))].slice(0, 20)) console.info(`       ${item}`);
}
console.info('largest folders:', largestFolders.map(([folder, lines]) => `${folder} ${lines}`).join(', '));
if (process.argv.includes('--check') && over) process.exit(1);
