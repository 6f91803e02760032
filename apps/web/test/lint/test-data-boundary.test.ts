// @vitest-environment node
/**
 * Test data stays out of the product: the repository's own eslint.config.js, run through ESLint's Node API
 * on code strings placed at real paths, must reject `@jala/test-factories` (by package name or by a relative
 * path into packages/test-factories) in apps/web/src — next to, not instead of, the feature-boundaries rule —
 * and in the server's source, while web tests keep using it.
 */
import { describe, expect, it } from 'vitest';

// ESLint's Node API, typed by hand: the web project compiles without Node's types.
interface LintMessage {
  ruleId: string | null;
  message: string;
}
interface ESLintLike {
  lintText(code: string, options: { filePath: string }): Promise<{ messages: LintMessage[] }[]>;
}
interface ESLintModule {
  ESLint: new (options: { cwd: string }) => ESLintLike;
}

const nodeProcess = (globalThis as unknown as { process: { cwd(): string } }).process;
const BANNED = 'Test data is for tests and fixture servers, never for product code.';

/** The messages of every rule that fired, as "ruleId: message". */
async function lintMessages(filePath: string, code: string): Promise<string[]> {
  const eslintModule = 'eslint';
  const { ESLint } = (await import(/* @vite-ignore */ eslintModule)) as ESLintModule;
  const [result] = await new ESLint({ cwd: nodeProcess.cwd() }).lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (source: string) => `import { makeUser } from '${source}';\nexport const y = makeUser;\n`;

describe('lint: test data stays out of product code', () => {
  it('rejects @jala/test-factories in a web feature, in lib/ and in components/', async () => {
    for (const file of [
      'apps/web/src/features/live-trip/x.ts',
      'apps/web/src/lib/x.ts',
      'apps/web/src/components/x.tsx',
    ]) {
      expect(await lintMessages(file, importing('@jala/test-factories'))).toEqual([
        `no-restricted-imports: '@jala/test-factories' import is restricted from being used by a pattern. ${BANNED}`,
      ]);
    }
  });

  it('rejects its database entry and a relative path into the package too', async () => {
    expect(await lintMessages('apps/web/src/app/x.ts', importing('@jala/test-factories/database'))).toHaveLength(1);
    expect(
      await lintMessages('apps/web/src/lib/x.ts', importing('../../../../packages/test-factories/src/api')),
    ).toHaveLength(1);
  });

  it('keeps the web feature boundaries firing in the same file', async () => {
    const code = `${importing('@jala/test-factories')}import { RateTripForm } from '../../passenger/components/rate-trip-form';\nexport const z = RateTripForm;\n`;
    const rules = (await lintMessages('apps/web/src/features/driver/pages/x.tsx', code)).map((m) => m.split(':')[0]);
    expect(rules.sort()).toEqual(['jala/feature-boundaries', 'no-restricted-imports']);
  });

  it('rejects it in the server source, and lets web tests use it', async () => {
    expect(await lintMessages('apps/server/src/x.ts', importing('@jala/test-factories'))).toHaveLength(1);
    expect(await lintMessages('apps/web/test/x.test.tsx', importing('@jala/test-factories'))).toEqual([]);
  });
});
