// Toast queue (spec §4, §9): at most 5 open, 5 s by default, closed toasts leave the DOM 200 ms
// later (time for the exit animation), a swipe right past 50 px closes one.
import { TOASTS } from '@tracker/shared/limits';
import { proxy } from 'valtio';

export type ToastColor = 'primary' | 'success' | 'info' | 'warning' | 'error' | 'neutral';

export interface ToastInput {
  title: string;
  description?: string;
  color?: ToastColor;
  /** Milliseconds; 0 keeps it open until closed. */
  duration?: number;
  /** A link in the app, e.g. to the issue just created. */
  link?: { href: string; label: string };
  /** One button, e.g. "Undo": pressing it closes the toast as acted on. */
  action?: { label: string; run: () => void };
  /** Called once when the toast closes, by any means; `acted` when its action was pressed. */
  onClose?: (acted: boolean) => void;
}

export interface Toast extends Required<Omit<ToastInput, 'description' | 'link' | 'action' | 'onClose'>> {
  id: number;
  description?: string;
  link?: ToastInput['link'];
  /** The action's label; what it runs stays outside the (proxied) state. */
  actionLabel?: string;
  open: boolean;
}

/** Adds a toast; when more than `max` are open, the oldest open ones are closed. */
export function pushToast(list: readonly Toast[], toast: Toast, max: number = TOASTS.maxVisible): { list: Toast[]; closed: number[] } {
  const next = [...list, toast];
  const open = next.filter((t) => t.open);
  const excess = open.length - max;
  const closed = excess > 0 ? open.slice(0, excess).map((t) => t.id) : [];
  return { list: next.map((t) => (closed.includes(t.id) ? { ...t, open: false } : t)), closed };
}

export function swipeCloses(deltaX: number, threshold: number = TOASTS.swipeThreshold): boolean {
  // Only rightward swipes count (TOASTS.swipeDirection).
  return deltaX > threshold;
}

interface Timers {
  set: (fn: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createToaster(timers: Timers = realTimers) {
  const state = proxy({ toasts: [] as Toast[] });
  const autoClose = new Map<number, unknown>();
  const callbacks = new Map<number, Pick<ToastInput, 'action' | 'onClose'>>();
  let seq = 0;

  function close(id: number, acted = false) {
    const toast = state.toasts.find((t) => t.id === id);
    if (!toast || !toast.open) return;
    toast.open = false;
    const cb = callbacks.get(id);
    callbacks.delete(id);
    cb?.onClose?.(acted);
    const handle = autoClose.get(id);
    if (handle !== undefined) timers.clear(handle);
    autoClose.delete(id);
    timers.set(() => remove(id), TOASTS.removeDelayMs);
  }

  function remove(id: number) {
    const i = state.toasts.findIndex((t) => t.id === id);
    if (i >= 0) state.toasts.splice(i, 1);
  }

  function schedule(id: number, duration: number) {
    if (duration > 0) autoClose.set(id, timers.set(() => close(id), duration));
  }

  function add(input: ToastInput): number {
    const toast: Toast = { id: ++seq, title: input.title, description: input.description, link: input.link, actionLabel: input.action?.label, color: input.color ?? 'neutral', duration: input.duration ?? TOASTS.durationMs, open: true };
    if (input.action || input.onClose) callbacks.set(toast.id, { action: input.action, onClose: input.onClose });
    const { list, closed } = pushToast(state.toasts, toast);
    state.toasts = list;
    for (const id of closed) {
      state.toasts.find((t) => t.id === id)!.open = true;
      close(id);
    }
    schedule(toast.id, toast.duration);
    return toast.id;
  }

  /** Pauses auto-close while hovered or focused; resumes with the full duration. */
  function pause(id: number) {
    const handle = autoClose.get(id);
    if (handle !== undefined) timers.clear(handle);
    autoClose.delete(id);
  }

  function resume(id: number) {
    const toast = state.toasts.find((t) => t.id === id);
    if (toast?.open && !autoClose.has(id)) schedule(id, toast.duration);
  }

  /** Runs the toast's action and closes it as acted on. */
  function act(id: number) {
    const action = callbacks.get(id)?.action;
    if (!action) return;
    action.run();
    close(id, true);
  }

  return { state, add, close, remove, pause, resume, act };
}

export const toaster = createToaster();
export const toast = (input: ToastInput) => toaster.add(input);
