import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/lib/api/api-client';
import { createQueryClient } from '../src/lib/query-client';

afterEach(() => onlineManager.setOnline(true));

describe("the app's query client", () => {
  it('fails an action taken offline at once with the network error, instead of pausing it silently', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    // As the live trip does: the request leaves in the click handler and the mutation tracks its promise.
    const request = Promise.reject(new ApiError({ message: NETWORK_ERROR_MESSAGE, code: 'Network error', status: 0 }));
    const observer = new MutationObserver(client, { mutationFn: () => request });
    const outcome = observer.mutate().catch((error: unknown) => error);
    await waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(observer.getCurrentResult().isPaused).toBe(false);
    expect(((await outcome) as Error).message).toBe(NETWORK_ERROR_MESSAGE);
  });
});
