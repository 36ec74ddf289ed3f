// One menu for the app (issue 27): a menu button and its items on Radix's Popover, like every other
// popup (components/Popover.tsx). Radix places it beside its button and keeps it on screen, closes it
// on Escape or a click or focus outside, and gives focus back to the button; this adds the menu
// keyboard of WAI-ARIA's menu button: the first item is focused on opening, arrows, Home and End move
// between items, Tab closes, and choosing an item closes the menu, then acts.
import * as Radix from '@radix-ui/react-popover';
import { createContext, useContext, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { Link } from 'wouter';

const CloseMenu = createContext<() => void>(() => undefined);
const ITEM = '[role^="menuitem"]';

interface MenuProps {
  /** The button that opens it; it gets aria-haspopup="menu", aria-expanded and aria-controls. */
  trigger: ReactElement;
  label: string;
  align?: 'start' | 'end';
  /** Drawn at the end of the page instead of in place: for a button inside a box that paints over it
   *  (calendar chips are stacking contexts of their own). */
  portal?: boolean;
  className?: string;
  testId?: string;
  children: ReactNode;
}

export function Menu({ trigger, label, align = 'start', portal = false, className, testId, children }: MenuProps) {
  const [open, setOpen] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  const items = () => [...(list.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])];

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Tab') {
      e.preventDefault();
      setOpen(false);
      return;
    }
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const to = { ArrowDown: at + 1, ArrowUp: at < 0 ? -1 : at - 1, Home: 0, End: -1 }[e.key];
    if (to === undefined || !all.length) return;
    e.preventDefault();
    all[(to + all.length) % all.length]?.focus();
  };

  const content = (
    <Radix.Content
      ref={list}
      role="menu"
      aria-label={label}
      className={className ? `popover menu ${className}` : 'popover menu'}
      data-testid={testId}
      side="bottom"
      align={align}
      sideOffset={4}
      collisionPadding={8}
      onKeyDown={onKeyDown}
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        items()
          .find((el) => el.getAttribute('aria-disabled') !== 'true')
          ?.focus();
      }}
      // Escape closes this menu only, not the dialog or panel around it.
      onEscapeKeyDown={(e) => e.stopPropagation()}
    >
      <CloseMenu.Provider value={() => setOpen(false)}>{children}</CloseMenu.Provider>
    </Radix.Content>
  );
  return (
    <Radix.Root open={open} onOpenChange={setOpen}>
      <Radix.Trigger asChild aria-haspopup="menu">
        {trigger}
      </Radix.Trigger>
      {portal ? <Radix.Portal>{content}</Radix.Portal> : content}
    </Radix.Root>
  );
}

interface ItemProps {
  onSelect: () => void;
  /** Stays focusable (it is announced), but does nothing. */
  disabled?: boolean;
  /** One choice among the menu's others (menuitemradio): whether it is the current one. */
  checked?: boolean;
  testId?: string;
  children: ReactNode;
}

export function MenuItem({ onSelect, disabled = false, checked, testId, children }: ItemProps) {
  const close = useContext(CloseMenu);
  return (
    <button
      type="button"
      role={checked === undefined ? 'menuitem' : 'menuitemradio'}
      aria-checked={checked}
      aria-disabled={disabled || undefined}
      tabIndex={-1}
      className="menu__item"
      data-testid={testId}
      onClick={() => {
        if (disabled) return;
        close();
        onSelect();
      }}
    >
      {children}
    </button>
  );
}

/** An item that goes to a page of the app. */
export function MenuLink({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) {
  const close = useContext(CloseMenu);
  return (
    <Link href={href} role="menuitem" tabIndex={-1} className="menu__item" data-testid={testId} onClick={close}>
      {children}
    </Link>
  );
}

/** A visible heading over the items; screen readers hear the menu's label instead. */
export function MenuLabel({ children }: { children: ReactNode }) {
  return (
    <div className="menu__label" aria-hidden="true">
      {children}
    </div>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="menu__separator" />;
}
