// Fails when a production dependency is not under a permissive licence (docs/decisions/002-licences.md).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const PERMISSIVE = new Set([
  'MIT',
  'MIT-0',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'BlueOak-1.0.0',
  'CC0-1.0',
  'Unlicense',
  'Python-2.0',
  'CC-BY-4.0',
  'Zlib',
]);
const exceptions = JSON.parse(
  readFileSync(new URL('./license-exceptions.json', import.meta.url), 'utf8'),
);

/** True when an SPDX expression can be satisfied with permissive licences only. */
function isPermissive(expression) {
  const spdx = expression.replace(/[()]/g, ' ').trim();
  return spdx
    .split(/\s+OR\s+/)
    .some((alternative) => alternative.split(/\s+AND\s+/).every((id) => PERMISSIVE.has(id.trim())));
}

const packages = JSON.parse(
  execFileSync('npm', ['query', '.prod'], { encoding: 'utf8', maxBuffer: 64 << 20 }),
);
const problems = [];
const seen = new Set();
for (const pkg of packages) {
  const id = `${pkg.name}@${pkg.version}`;
  if (pkg.private || seen.has(id)) continue;
  seen.add(id);
  const licence = typeof pkg.license === 'string' ? pkg.license : pkg.license?.type;
  if (licence && isPermissive(licence)) continue;
  const exception = exceptions[pkg.name];
  if (exception && exception.license === licence) continue;
  problems.push(`${id}: ${licence ?? 'no licence field'}`);
}

if (problems.length > 0) {
  console.error(
    `Production dependencies without a permissive licence:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  `Licences: ${seen.size} production packages checked, all permissive or an accepted exception.`,
);
