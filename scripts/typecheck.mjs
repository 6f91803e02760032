// Type-checks every workspace with its own tsconfig (they differ in lib/jsx/types), as many at once as the
// machine has cores; prints every project's errors and fails if any project has one.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const projects = [
  'packages/domain',
  'packages/contracts',
  'packages/db',
  'packages/test-factories',
  'apps/server',
  'apps/web',
  'apps/web/src/sw',
  'e2e',
  'bench',
].filter((dir) => existsSync(`${dir}/tsconfig.json`));
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

/** Runs tsc for one project; resolves with its exit code, its output printed in one piece. */
function check(dir) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', dir, '--pretty', 'false'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(`typecheck ${dir}${code === 0 ? '' : ' FAILED'}\n${output}`);
      resolve(code ?? 1);
    });
  });
}

const queue = [...projects];
let failed = 0;
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let dir = queue.shift(); dir; dir = queue.shift()) if ((await check(dir)) !== 0) failed += 1;
  }),
);
if (failed > 0) {
  process.stderr.write(`typecheck: ${failed} project(s) with errors\n`);
  process.exit(1);
}
