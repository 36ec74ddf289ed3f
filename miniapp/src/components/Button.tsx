// The one button of the app (issue 27): every action on every screen is a <Button>, styled once in
// styles/controls.css from the theme's variables, so it follows the light and dark palettes and
// Telegram's. A link that looks like a button (it navigates) takes the same look from buttonClass().
// The lint forbids the classes by hand outside components/ (eslint.config.js).
import type { ComponentPropsWithRef } from 'react';

/**
 * primary: the screen's main action, filled. secondary: every other action, outlined (also a toggle
 * with aria-pressed). danger: a destructive action, filled; danger-secondary: outlined. link: a quiet
 * action inside text or a row, drawn like a link.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-secondary' | 'link';
/** medium is 44 px high; small is 36 px on desktop and 44 px on touch screens and phones; large is 50 px. */
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the whole width of its container. */
  stretched?: boolean;
  className?: string;
}

export function buttonClass({ variant = 'secondary', size = 'medium', stretched = false, className }: ButtonLook = {}): string {
  return ['btn', `btn--${variant}`, size !== 'medium' && `btn--${size}`, stretched && 'btn--stretched', className].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLook {
  /** Shows a spinner and disables the button; its name stays what it says. */
  loading?: boolean;
}

// `type` defaults to "button": a button inside a form submits only when it says so.
export function Button({ variant, size, stretched, className, loading = false, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass({ variant, size, stretched, className })} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <span className="btn__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
