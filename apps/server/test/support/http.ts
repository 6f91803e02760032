/** A tiny HTTP client for tests: real fetch against the running app, parsed envelope back. */
export interface ApiResponse<T = unknown> {
  status: number;
  body: { success: boolean; data: T; message: string; code?: string; fields?: Record<string, string> };
}

export async function api<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string | undefined; body?: unknown; rawBody?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.rawBody !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  return { status: response.status, body: (await response.json()) as ApiResponse<T>['body'] };
}

/**
 * Reads `path` twice (on one node, `baseUrl`) and returns the second answer: the one that may come from what
 * the node keeps in memory (a warm read model), so a test can show that a later write replaced it.
 */
export async function readWarm<T>(baseUrl: string, path: string, token: string) {
  await api(baseUrl, 'GET', path, { token });
  return api<T>(baseUrl, 'GET', path, { token });
}

/** The statuses of `count` calls made one after another (`call` gets the index): what a rate limit counts. */
export async function statusesInTurn(
  count: number,
  call: (i: number) => Promise<{ status: number }>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await call(i)).status);
  return statuses;
}

let counter = 0;
/** Registers a fresh user with a unique e-mail; returns the token and user. */
export async function registerUser(
  baseUrl: string,
  overrides: Partial<{
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    password: string;
    user_type: string;
    accept_terms: boolean;
  }> = {},
) {
  counter += 1;
  const payload = {
    first_name: 'Ana',
    last_name: 'Torres',
    email: `user${Date.now()}${counter}@prueba.pe`,
    phone: '987654321',
    password: 'secreto123',
    user_type: 'passenger',
    // The sign-up checkbox of the legal documents, which the app cannot submit unticked.
    accept_terms: true,
    ...overrides,
  };
  const response = await api<{ token: string; user: { id: number; user_type: string; email: string } }>(
    baseUrl,
    'POST',
    '/auth/register',
    { body: payload },
  );
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body.data, password: payload.password };
}
