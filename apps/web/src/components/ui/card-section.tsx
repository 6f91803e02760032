import type { ReactNode } from 'react';

/**
 * A card that is a named region of its screen: a <section class="card …"> labelled by its own <h2>, so a
 * screen reader lists it by its title. The heading is a 'section-title' unless the feature styles it.
 */
export function CardSection({
  id,
  title,
  className,
  titleClassName = 'section-title',
  testId,
  children,
}: {
  /** The heading's id, the section's aria-labelledby. */
  id: string;
  title: ReactNode;
  /** The feature's classes next to 'card'. */
  className: string;
  titleClassName?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`card ${className}`} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
