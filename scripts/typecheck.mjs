// Type-checks every workspace with its own tsconfig (they differ in lib/jsx/types), failing on the first error.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = ['packages/domain', 'packages/contracts', 'packages/db', 'packages/test-factories', 'apps/server', 'apps/web', 'e2e', 'bench'];
for (const dir of projects) {
  if (!existsSync(`${dir}/tsconfig.json`)) continue;
  process.stdout.write(`typecheck ${dir}\n`);
  execFileSync('npx', ['tsc', '-p', dir, '--pretty', 'false'], { stdio: 'inherit' });
}
