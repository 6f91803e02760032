// @vitest-environment node
/**
 * The web layering rule (apps/web/eslint/feature-boundaries.js) run through ESLint's Node API with the
 * repository's own eslint.config.js, on code strings placed at real paths: it must fire on a deep import
 * across features and on a feature import from components/ or lib/, and stay quiet on the allowed shapes.
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

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const eslintModule = 'eslint';
  const { ESLint } = (await import(/* @vite-ignore */ eslintModule)) as ESLintModule;
  const [result] = await new ESLint({ cwd: nodeProcess.cwd() }).lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'jala/feature-boundaries').map((m) => m.message);
}

const SRC = 'apps/web/src';

describe('lint: feature boundaries', () => {
  it('rejects a deep import into another feature', async () => {
    const errors = await boundaryErrors(
      `${SRC}/features/driver/pages/x.tsx`,
      "import { RateTripForm } from '../../passenger/components/rate-trip-form';\nexport const y = RateTripForm;\n",
    );
    expect(errors).toEqual([
      "Import feature 'passenger' through its index ('…/features/passenger'), not 'passenger/components/rate-trip-form'.",
    ]);
  });

  it('rejects deep re-exports and lazy imports across features too', async () => {
    const code =
      "export { cancelTrip } from '../trip-request/api/trip-api';\nexport const page = () => import('../passenger/pages/profile-page');\n";
    expect(await boundaryErrors(`${SRC}/features/live-trip/index.ts`, code)).toHaveLength(2);
  });

  it('allows a feature index, the own feature, a same-named sub-folder of the own feature, lib and components', async () => {
    const code = [
      "import { RateTripForm } from '../../../passenger';",
      "import { cancelTrip } from '../../../trip-request/index';",
      "import { useActiveTrip } from '../../driver/hooks/use-active-trip';",
      "import { callApi } from '../../../../lib/api-client';",
      "import { AppLayout } from '../../../../components/layout/app-layout';",
      'export const all = [RateTripForm, cancelTrip, useActiveTrip, callApi, AppLayout];',
    ].join('\n');
    expect(await boundaryErrors(`${SRC}/features/live-trip/passenger/components/x.tsx`, code)).toEqual([]);
  });

  it('resolves `@/` imports against apps/web/src like relative ones', async () => {
    const deep =
      "import { RateTripForm } from '@/features/passenger/components/rate-trip-form';\nexport const y = RateTripForm;\n";
    expect(await boundaryErrors(`${SRC}/features/driver/pages/x.tsx`, deep)).toHaveLength(1);
    const allowed =
      "import { RateTripForm } from '@/features/passenger';\nimport { AppLayout } from '@/components/layout/app-layout';\nexport const all = [RateTripForm, AppLayout];\n";
    expect(await boundaryErrors(`${SRC}/features/driver/pages/x.tsx`, allowed)).toEqual([]);
    expect(
      await boundaryErrors(
        `${SRC}/lib/x.ts`,
        "import { RateTripForm } from '@/features/passenger';\nexport const y = RateTripForm;\n",
      ),
    ).toHaveLength(1);
  });

  it('rejects any feature import from components/ and lib/', async () => {
    const code = "import { RateTripForm } from '../../features/passenger';\nexport const y = RateTripForm;\n";
    expect(await boundaryErrors(`${SRC}/components/layout/x.tsx`, code)).toEqual([
      "'components/' must not import features (here 'passenger'): move the shared part down into 'components/'.",
    ]);
    expect(
      await boundaryErrors(
        `${SRC}/lib/x.ts`,
        "import { cancelTrip } from '../features/trip-request';\nexport const y = cancelTrip;\n",
      ),
    ).toHaveLength(1);
  });
});
