/**
 * Errors and confirmations appear where the user is looking (phone-first: forms are taller than the
 * screen and a sticky header, sheet bar or bottom navigation covers the edges). The CSS side is the
 * `scroll-margin` of fields and alerts in styles/index.css, so 'nearest' stops clear of those bars.
 */
import { type RefObject, useEffect, useRef } from 'react';

/** Scrolls the element into sight whenever `trigger` becomes (or changes to another) truthy value. */
export function useRevealWhen<T extends HTMLElement>(trigger: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (trigger) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [trigger]);
  return ref;
}

/**
 * After a submit that failed validation: once the errors have rendered, moves focus to the first field
 * marked `aria-invalid` inside `container` (its message is wired by aria-describedby, so a screen reader
 * reads it) and scrolls its label, control and message into sight.
 */
export function revealFirstInvalid(container: HTMLElement | null): void {
  if (!container) return;
  requestAnimationFrame(() => {
    const field = container.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    // The whole field — label on top, control, message below — is what comes into sight: scrolling to the
    // message alone stopped with the label cut off above it (the field was above the screen). 'nearest'
    // keeps the field's scroll-margin clear of the sticky header and the bottom bar. A message kept apart
    // from its field (the trip wizard's, under the step) is what must be read: it comes into sight itself.
    const messageId = field.getAttribute('aria-describedby')?.split(' ')[0];
    const message = messageId ? document.getElementById(messageId) : null;
    const whole = field.closest('.field, fieldset');
    const target = whole && (!message || whole.contains(message)) ? whole : (message ?? field);
    target.scrollIntoView?.({ block: 'nearest' });
  });
}
