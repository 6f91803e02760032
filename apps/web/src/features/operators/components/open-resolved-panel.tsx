import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useState } from 'react';

import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api/api-client';

export type OpenOrResolved = 'open' | 'resolved';

/** The Spanish words of one queue: what the switch is called, its two buttons, loading and empty lists. */
export interface OpenResolvedTexts {
  /** The switch's accessible name ('Alertas'). */
  label: string;
  open: string;
  resolved: string;
  loading: string;
  empty: Record<OpenOrResolved, string>;
}

/**
 * A queue the operators work through (SOS alerts, payment cases): an open/resolved switch over a list polled
 * every 15 s, in the server's order (open ones oldest first), each item drawn by `renderItem`.
 */
export function OpenResolvedPanel<T extends { id: number }>({
  className,
  texts,
  queryKey,
  fetchItems,
  renderItem,
}: {
  className: string;
  texts: OpenResolvedTexts;
  queryKey: (state: OpenOrResolved) => readonly unknown[];
  fetchItems: (state: OpenOrResolved) => Promise<T[]>;
  renderItem: (item: T) => ReactNode;
}) {
  const [state, setState] = useState<OpenOrResolved>('open');
  const { data, error, isPending } = useQuery({
    queryKey: queryKey(state),
    queryFn: () => fetchItems(state),
    refetchInterval: 15_000,
  });
  return (
    <div className={className}>
      <div className="ops-segmented" role="group" aria-label={texts.label}>
        <Button variant="ghost" aria-pressed={state === 'open'} onClick={() => setState('open')}>
          {texts.open}
        </Button>
        <Button variant="ghost" aria-pressed={state === 'resolved'} onClick={() => setState('resolved')}>
          {texts.resolved}
        </Button>
      </div>
      {isPending && <p role="status">{texts.loading}</p>}
      {error && (
        <p className="alert alert--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      {data?.length === 0 && <p className="ops-empty">{texts.empty[state]}</p>}
      {data?.map((item) => (
        <Fragment key={item.id}>{renderItem(item)}</Fragment>
      ))}
    </div>
  );
}

/**
 * Resolving one item of a queue from its card: sends `resolve`, keeps the server's message for the card to
 * show, and reloads the queue under `queueKey` (the item moves from the open list to the resolved one).
 */
export function useResolveItem<Input>(
  resolve: (input: Input) => Promise<{ message: string }>,
  queueKey: readonly unknown[],
) {
  const client = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: resolve,
    onSuccess: async (result) => {
      setNotice(result.message);
      await client.invalidateQueries({ queryKey: queueKey });
    },
  });
  return { resolve: mutation.mutateAsync, notice };
}
