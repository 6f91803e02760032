import { type ButtonHTMLAttributes, forwardRef } from 'react';

/** The looks of styles/index.css's `.btn--*` modifiers; `plain` is the bare `.btn` a feature colours itself. */
export type ButtonVariant = 'primary' | 'accent' | 'ghost' | 'danger' | 'plain';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** Full width (`.btn--block`). */
  block?: boolean;
  /** The feature's own classes (placement, a compact size), after the button's. */
  className?: string | undefined;
}

/**
 * The class list of a button look: for a link or a label that must look like a button (a `<Link>` keeps
 * its own element), and for {@link Button} itself.
 */
export function buttonClassName({ variant = 'plain', block = false, className }: ButtonLook = {}): string {
  return ['btn', variant === 'plain' ? null : `btn--${variant}`, block ? 'btn--block' : null, className || null]
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/**
 * The app's button: `type="button"` unless told otherwise (a form's submit says `type="submit"`), so a
 * button inside a form never submits it by accident.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, block, className, type = 'button', ...props },
  ref,
) {
  return <button ref={ref} type={type} className={buttonClassName({ variant, block, className })} {...props} />;
});
