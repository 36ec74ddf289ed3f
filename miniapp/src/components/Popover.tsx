// One popover for the app's pickers and panels (a menu of actions is Menu.tsx, on the same Radix
// Popover): it opens from its trigger, sits below it and flips or shifts to stay on screen, closes on
// Escape or a click outside, and gives focus back to the trigger. Rendered in place (no portal), so it
// stays inside the dialog or form that holds it.
import * as Radix from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; it gets aria-expanded and aria-controls. */
  trigger: ReactElement;
  label: string;
  className?: string;
  testId?: string;
  align?: 'start' | 'end';
  /** Focus moves to the first control inside on opening (false: it stays on the trigger). */
  focusInside?: boolean;
  children: ReactNode;
}

export function Popover({ open, onOpenChange, trigger, label, className, testId, align = 'start', focusInside = true, children }: Props) {
  return (
    <Radix.Root open={open} onOpenChange={onOpenChange}>
      <Radix.Trigger asChild>{trigger}</Radix.Trigger>
      <Radix.Content
        className={className ? `popover ${className}` : 'popover'}
        aria-label={label}
        data-testid={testId}
        side="bottom"
        align={align}
        sideOffset={4}
        collisionPadding={8}
        // Escape closes this popover only, not the dialog or panel around it.
        onEscapeKeyDown={(e) => e.stopPropagation()}
        onOpenAutoFocus={focusInside ? undefined : (e) => e.preventDefault()}
      >
        {children}
      </Radix.Content>
    </Radix.Root>
  );
}
