// The keyboard (and screen reader) way to move a card: a menu button with "move to status" items
// and moves up/down inside the column.
import type { Status } from '@tracker/shared/api/projects';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorDot } from '../../../components/ColorDot.tsx';

interface Props {
  issueKey: string;
  statuses: Status[];
  currentStatusId: number;
  canUp: boolean;
  canDown: boolean;
  onMove: (statusId: number) => void;
  onShift: (delta: -1 | 1) => void;
}

export function CardMenu({ issueKey, statuses, currentStatusId, canUp, canDown, onMove, onShift }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
    const onDown = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && e.target !== button.current) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (fn: () => void) => {
    close();
    fn();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const i = items.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length];
      next?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      items[e.key === 'Home' ? 0 : items.length - 1]?.focus();
    }
  };

  return (
    <div className="card-menu">
      <button
        ref={button}
        type="button"
        className="card-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={t('issues.board.cardMenu', { key: issueKey })}
        onClick={() => setOpen((o) => !o)}
        data-testid="card-menu"
      >
        ⋯
      </button>
      {open && (
        <div ref={menu} id={id} role="menu" className="card-menu__panel" aria-label={t('issues.board.moveTo')} onKeyDown={onKeyDown}>
          <div role="presentation" className="card-menu__heading">
            {t('issues.board.moveTo')}
          </div>
          {statuses.map((s) => (
            <button
              key={s.id}
              type="button"
              role="menuitemradio"
              aria-checked={s.id === currentStatusId}
              tabIndex={-1}
              className="card-menu__item"
              onClick={() => choose(() => s.id !== currentStatusId && onMove(s.id))}
              data-testid={`move-to-${s.id}`}
            >
              <ColorDot color={s.color} className="status-chip__dot" />
              {s.name}
              {s.id === currentStatusId && <span className="card-menu__current">{t('issues.board.current')}</span>}
            </button>
          ))}
          <div role="separator" className="card-menu__sep" />
          <button type="button" role="menuitem" tabIndex={-1} className="card-menu__item" aria-disabled={!canUp} onClick={() => canUp && choose(() => onShift(-1))}>
            {t('issues.board.moveUp')}
          </button>
          <button type="button" role="menuitem" tabIndex={-1} className="card-menu__item" aria-disabled={!canDown} onClick={() => canDown && choose(() => onShift(1))}>
            {t('issues.board.moveDown')}
          </button>
        </div>
      )}
    </div>
  );
}
