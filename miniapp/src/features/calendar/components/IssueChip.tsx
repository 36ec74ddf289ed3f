import type { Status } from '@tracker/shared/api/projects';
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useHref } from '../../../lib/use-locale.ts';
import type { CalendarIssue } from '../api.ts';
import { useReadableColor } from '../../../lib/theme-watch.ts';

interface Props {
  issue: CalendarIssue;
  status: Status | undefined;
  /** Identifies this rendered piece (a span drawn over several weeks has one per week). */
  segment: string;
  style?: CSSProperties;
  className?: string;
  dragging?: { dx: number; dy: number } | null;
  continuesBefore?: boolean;
  continuesAfter?: boolean;
  /** Extra text after the title (agenda: the dates). */
  detail?: string;
  pending?: boolean;
  onPointerDown: (e: PointerEvent<HTMLElement>, issueId: number, segment: string) => void;
  onMove: (issue: CalendarIssue) => void;
}

export function IssueChip({ issue, status, segment, style, className, dragging, continuesBefore, continuesAfter, detail, pending, onPointerDown, onMove }: Props) {
  const { t } = useTranslation();
  const readable = useReadableColor();
  const href = useHref();
  const [menu, setMenu] = useState<{ top: number; left: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const completed = status?.category === 'completed' || status?.category === 'canceled';
  const statusName = status?.name ?? '';

  const classes = ['cal-chip', className, continuesBefore && 'cal-chip--cont-before', continuesAfter && 'cal-chip--cont-after', completed && 'cal-chip--done', dragging && 'cal-chip--dragging', pending && 'cal-chip--pending']
    .filter(Boolean)
    .join(' ');
  const chipStyle: CSSProperties = {
    ...style,
    ['--chip-color' as string]: status?.color ? readable(status.color) : 'var(--border)',
    ...(dragging ? { transform: `translate(${dragging.dx}px, ${dragging.dy}px)` } : null),
  };

  const openMenu = () => {
    const rect = button.current?.getBoundingClientRect();
    if (!rect) return;
    const width = 200;
    setMenu({ top: rect.bottom + 4, left: Math.max(8, Math.min(rect.right - width, window.innerWidth - width - 8)) });
  };

  return (
    <div
      className={classes}
      style={chipStyle}
      data-testid={`cal-chip-${issue.key}`}
      data-issue-id={issue.id}
      onPointerDown={(e) => onPointerDown(e, issue.id, segment)}
      onDragStart={(e) => e.preventDefault()}
    >
      <Link href={href('issue', { id: issue.key })} className="cal-chip__link" draggable={false} title={`${issue.key} ${issue.title}${statusName ? ` · ${statusName}` : ''}`}>
        <span className="cal-chip__key">{issue.key}</span> <span className="cal-chip__title">{issue.title}</span>
        {detail && <span className="cal-chip__detail">{detail}</span>}
        {statusName && <span className="visually-hidden">, {t('calendar.chip.status', { status: statusName })}</span>}
      </Link>
      <button
        ref={button}
        type="button"
        className="cal-chip__menu"
        aria-haspopup="menu"
        aria-expanded={!!menu}
        aria-controls={menu ? menuId : undefined}
        aria-label={t('calendar.chip.actions', { key: issue.key })}
        data-testid={`cal-chip-menu-${issue.key}`}
        onClick={() => (menu ? setMenu(null) : openMenu())}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {menu && (
        <ChipMenu
          id={menuId}
          position={menu}
          onClose={(refocus) => {
            setMenu(null);
            if (refocus) button.current?.focus();
          }}
          items={[
            { key: 'open', label: t('calendar.chip.open'), href: href('issue', { id: issue.key }) },
            { key: 'move', label: t('calendar.chip.move'), onSelect: () => onMove(issue) },
          ]}
        />
      )}
    </div>
  );
}

interface MenuItem {
  key: string;
  label: string;
  href?: string;
  onSelect?: () => void;
}

function ChipMenu({ id, position, items, onClose }: { id: string; position: { top: number; left: number }; items: MenuItem[]; onClose: (refocus: boolean) => void }) {
  const list = useRef<HTMLUListElement>(null);
  const focusItem = (i: number) => {
    const els = list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (!els?.length) return;
    els[(i + els.length) % els.length]?.focus();
  };
  useEffect(() => {
    focusItem(0);
    const onDown = (e: globalThis.PointerEvent) => {
      if (!list.current?.contains(e.target as Node)) onClose(false);
    };
    const onScroll = () => onClose(false);
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('scroll', onScroll, true);
    return () => {
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('scroll', onScroll, true);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opening; onClose only calls a state setter and a ref
  }, []);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const els = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const current = els.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(current + 1);
    else if (e.key === 'ArrowUp') focusItem(current - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(els.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Escape') e.preventDefault();
      onClose(e.key === 'Escape');
      return;
    } else return;
    e.preventDefault();
  };
  // In a portal: a chip is its own stacking context, so later chips would paint over the menu.
  return createPortal(
    <ul ref={list} id={id} role="menu" className="cal-menu" style={{ top: position.top, left: position.left }} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.key} role="none">
          {item.href ? (
            <Link href={item.href} role="menuitem" tabIndex={-1} className="cal-menu__item" data-testid={`cal-menu-${item.key}`} onClick={() => onClose(false)}>
              {item.label}
            </Link>
          ) : (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="cal-menu__item"
              data-testid={`cal-menu-${item.key}`}
              onClick={() => {
                onClose(false);
                item.onSelect?.();
              }}
            >
              {item.label}
            </button>
          )}
        </li>
      ))}
    </ul>,
    document.body,
  );
}
