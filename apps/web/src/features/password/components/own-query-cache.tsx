import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

import { createQueryClient } from '@/lib/query-client';

/**
 * The signed-out app has no query cache (the login route stays light), and these pages are open to anyone with
 * or without a session: each brings its own, as the public share page does.
 */
export function OwnQueryCache({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
