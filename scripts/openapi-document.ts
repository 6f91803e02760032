// Prints the running app's OpenAPI document (/api/docs/json), keys sorted, so two versions of the API can be
// compared with diff: `node --import tsx scripts/openapi-document.ts > before.json`.
import { startTestApp } from '../apps/server/test/support/test-app';

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

const app = await startTestApp();
try {
  const response = await fetch(`${app.baseUrl}/docs/json`);
  process.stdout.write(`${JSON.stringify(sorted(await response.json()), null, 1)}\n`);
} finally {
  await app.stop();
}
