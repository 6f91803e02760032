import type { ReactNode } from 'react';

/** One row of a FactList: a label and its value. */
export interface Fact {
  label: string;
  value: ReactNode;
  /** React key when the label repeats (e.g. one row per fare adjustment); the label otherwise. */
  key?: string | number;
  /** Class of the row (the <div> around <dt>/<dd>), for a row drawn apart (the fare, the total). */
  className?: string;
  valueClassName?: string;
  /** data-testid of the value, for tests that read one figure. */
  testId?: string;
}

/**
 * Label/value rows as a definition list (`<dl><div><dt/><dd/></div>…</dl>`), the markup every summary card
 * shares; the look stays the card's own class. Rows given as false/null (conditional facts) are left out.
 */
export function FactList({ className, facts }: { className: string; facts: (Fact | false | null | undefined)[] }) {
  return (
    <dl className={className}>
      {facts.map(
        (fact) =>
          fact && (
            <div key={fact.key ?? fact.label} className={fact.className}>
              <dt>{fact.label}</dt>
              <dd className={fact.valueClassName} data-testid={fact.testId}>
                {fact.value}
              </dd>
            </div>
          ),
      )}
    </dl>
  );
}
