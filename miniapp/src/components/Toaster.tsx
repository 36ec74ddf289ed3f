import { TOASTS } from '@tracker/shared/limits';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { swipeCloses, toaster, type Toast } from '../lib/toasts.ts';

/** Toast viewport (spec §9): F8 focuses it, toasts stack with a 16 px gap, swipe right closes. */
export function Toaster() {
  const { t } = useTranslation();
  const snap = useSnapshot(toaster.state);
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOASTS.hotkey) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section aria-label={t('common.notifications')} className="toaster">
      {/* A stack of status messages, not a list: each toast is its own polite live region (a list item
          may not be one, and axe refused the page whenever a toast showed). */}
      <div ref={region} tabIndex={-1} className="toaster__list" style={{ gap: TOASTS.gapPx }} data-testid="toasts">
        {snap.toasts.map((item) => (
          <ToastItem key={item.id} toast={item} closeLabel={t('common.close')} />
        ))}
      </div>
    </section>
  );
}

function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    // Capturing the pointer would send the click to the toast itself: its buttons and link would
    // never get it. A swipe starts on the toast's text.
    if (e.target instanceof Element && e.target.closest('button, a')) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    toaster.pause(toast.id);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const delta = e.clientX - start.current;
    start.current = null;
    if (swipeCloses(delta)) toaster.close(toast.id);
    else {
      setDx(0);
      toaster.resume(toast.id);
    }
  };

  return (
    <div
      role="status"
      className={`toast toast--${toast.color}`}
      data-state={toast.open ? 'open' : 'closed'}
      data-testid="toast"
      style={dx ? { transform: `translateX(${dx}px)` } : undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onMouseEnter={() => toaster.pause(toast.id)}
      onMouseLeave={() => toaster.resume(toast.id)}
    >
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.description && <p className="toast__text">{toast.description}</p>}
        {toast.link && (
          <Link href={toast.link.href} className="toast__link" data-testid="toast-link" onClick={() => toaster.close(toast.id)}>
            {toast.link.label}
          </Link>
        )}
        {toast.actionLabel && (
          <button type="button" className="toast__action" data-testid="toast-action" onClick={() => toaster.act(toast.id)}>
            {toast.actionLabel}
          </button>
        )}
      </div>
      <button type="button" className="toast__close" aria-label={closeLabel} onClick={() => toaster.close(toast.id)}>
        ×
      </button>
    </div>
  );
}
