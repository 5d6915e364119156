// The server's import graph in figures, from dependency-cruiser's JSON on stdin:
//   npx depcruise apps/server/src --config .dependency-cruiser.cjs --output-type json | node scripts/import-floors.mjs
// Floors: a file that imports no other server file is on floor 1, any other one floor above the
// highest it imports (the files of an import circle share one floor). Imports running back up: from
// a file to one of a higher layer (docs/architecture.md's table: process entry, composition root,
// feature modules, then the HTTP kit and shared services) or within a circle.
import { readFileSync } from 'node:fs';

const ROOT = 'apps/server/src/';
const cruise = JSON.parse(readFileSync(0, 'utf8'));
/** `--values-only`: leave out `import type` (what the bundle loads rather than what is read together). */
const valuesOnly = process.argv.includes('--values-only');
/** `--folders`: one node per module folder (`modules/<name>`, `db`, `http`...), root files alone. */
const byFolder = process.argv.includes('--folders');
const nodeOf = (file) => {
  if (!byFolder) return file;
  // The job handlers belong to the composition root, not with the definitions beside them.
  if (file === `${ROOT}jobs/handlers.ts`) return file;
  const parts = file.slice(ROOT.length).split('/');
  const folder = parts[0] === 'modules' ? parts.slice(0, 2) : parts.slice(0, 1);
  return ROOT + folder.join('/');
};
const isServer = (file) => file.startsWith(ROOT) && !/\.test\.ts$/.test(file);

/** 5 process entry, 4 composition root, 3 feature modules, 2 the HTTP kit, shared services and the rest. */
function layerOf(file) {
  const rel = file.slice(ROOT.length);
  if (/^(main|worker)\.ts$/.test(rel) || /^cli(\/|$)/.test(rel)) return 5;
  if (/^(services|app|jobs)\.ts$/.test(rel) || rel === 'jobs/handlers.ts') return 4;
  if (/^modules(\/|$)/.test(rel)) return 3;
  return 2;
}

const edges = new Map();
for (const module of cruise.modules) {
  if (!isServer(module.source)) continue;
  const from = nodeOf(module.source);
  const to = module.dependencies
    .filter((d) => !valuesOnly || !d.dependencyTypes.includes('type-only'))
    .map((d) => d.resolved)
    .filter(isServer)
    .map(nodeOf)
    .filter((node) => node !== from);
  edges.set(from, [...new Set([...(edges.get(from) ?? []), ...to])]);
}
for (const targets of [...edges.values()])
  for (const t of targets) if (!edges.has(t)) edges.set(t, []);

// Tarjan's strongly connected components: the import circles.
let index = 0;
const indexOf = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const componentOf = new Map();
const components = [];
function connect(v) {
  indexOf.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v)) {
    if (!indexOf.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), indexOf.get(w)));
  }
  if (low.get(v) === indexOf.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      componentOf.set(w, components.length);
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const v of edges.keys()) if (!indexOf.has(v)) connect(v);

// Tarjan emits a component after every component it imports: floors in one pass.
const floorOfComponent = [];
components.forEach((component, c) => {
  let below = 0;
  for (const v of component)
    for (const w of edges.get(v))
      if (componentOf.get(w) !== c) below = Math.max(below, floorOfComponent[componentOf.get(w)]);
  floorOfComponent[c] = below + 1;
});
const floorOf = (file) => floorOfComponent[componentOf.get(file)];

const circles = components.filter((component) => component.length > 1);
const upward = [];
const inCircles = [];
for (const [from, targets] of edges)
  for (const to of targets) {
    const line = `${from.slice(ROOT.length)} -> ${to.slice(ROOT.length)}`;
    if (layerOf(to) > layerOf(from)) upward.push(line);
    else if (componentOf.get(to) === componentOf.get(from) && from !== to) inCircles.push(line);
  }

const floors = Math.max(...floorOfComponent);
/** One longest import chain, from the top floor down to floor 1. */
function longestChain() {
  let file = [...edges.keys()].find((f) => floorOf(f) === floors);
  const chain = [];
  while (file) {
    chain.push(`${floorOf(file)} ${file.slice(ROOT.length)}`);
    const here = floorOf(file);
    file = edges.get(file).find((to) => floorOf(to) === here - 1);
  }
  return chain;
}
const rootFloor = (file) => (edges.has(ROOT + file) ? floorOf(ROOT + file) : '-');
const depcruiseCircles = cruise.summary.violations.filter((v) => v.rule.name === 'no-circular');
console.log(`server files: ${edges.size}`);
console.log(`floors: ${floors}`);
console.log(`a longest chain:\n  ${longestChain().join('\n  ')}`);
console.log(
  `services.ts on floor ${rootFloor('services.ts')}, app.ts on ${rootFloor('app.ts')}, main.ts on ${rootFloor('main.ts')}`,
);
console.log(
  `files in import circles: ${circles.reduce((n, c) => n + c.length, 0)} in ${circles.length} circle(s)`,
);
for (const c of circles) console.log(`  ${c.map((f) => f.slice(ROOT.length)).join(', ')}`);
console.log(`dependency-cruiser no-circular violations (whole run): ${depcruiseCircles.length}`);
console.log(`imports running back up: ${upward.length + inCircles.length}`);
console.log(`  to a higher layer: ${upward.length}`);
for (const line of upward) console.log(`    ${line}`);
console.log(`  within a circle (to a lower layer or across a layer): ${inCircles.length}`);
for (const line of inCircles) console.log(`    ${line}`);
