// Writing a comment: at the end of the timeline on wide screens (CommentComposer), docked to the
// bottom of a phone's screen above the tab bar (DockedComposer: one line that grows while typing, a
// send button beside it). Both send the same way (useCommentSend).
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useKeyboardInset } from '../../../lib/keyboard-inset.ts';
import { useServerAction } from '../../../lib/use-server-action.ts';
import { useHeightVar } from '../../../lib/use-height-var.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { MentionTextarea } from './MentionTextarea.tsx';

type Send = (body: string) => Promise<void>;

/** `onSend` shows the comment at once and resolves when it is saved; a refusal gives the text back. */
function useCommentSend(onSend: Send) {
  const { t } = useTranslation();
  const [body, setBody] = useState('');
  const action = useServerAction();
  const { error, pending: busy } = action;
  const submit = async () => {
    if (!body.trim()) return action.refuse(t('validation.required'));
    const text = body;
    setBody('');
    if (await action.run(() => onSend(text))) return haptic('success');
    haptic('error');
    setBody((typed) => typed || text);
  };
  // Inside Telegram a written comment is sent with the MainButton; leaving it unsent asks first.
  // While the comment is on its way (already shown, marked as sending) the button keeps its progress
  // and closing asks first: it is not saved yet.
  const written = body.trim() !== '';
  useMainButton(written || busy ? { text: t('issues.comments.post'), loading: busy, enabled: !busy } : null, () => void (busy || submit()));
  useUnsavedChanges(written || busy);
  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    }
  };
  return { body, setBody, error, busy, submit, onKeyDownCapture };
}

function ComposerError({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p role="alert" className="field__error" data-testid="comment-error">
      {error}
    </p>
  );
}

export function CommentComposer({ onSend }: { onSend: Send }) {
  const { t } = useTranslation();
  const id = useId();
  const { body, setBody, error, busy, submit, onKeyDownCapture } = useCommentSend(onSend);
  return (
    <form
      className="composer"
      data-testid="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={id}>{t('issues.comments.add')}</label>
      <MentionTextarea id={id} testid="comment-input" rows={4} placeholder={t('issues.comments.placeholder')} value={body} onChange={setBody} aria-invalid={error ? true : undefined} onKeyDownCapture={onKeyDownCapture} />
      <p className="muted small">{t('issues.comments.hint')}</p>
      <ComposerError error={error} />
      <div className="actions actions--tight">
        <Button type="submit" variant="primary" size="small" data-testid="comment-submit" disabled={busy}>
          {t('issues.comments.post')}
        </Button>
      </div>
    </form>
  );
}

// The box grows with its text up to this many lines, then scrolls inside.
const MAX_LINES = 6;

/** Fits the textarea inside `holder` to its text (`text` changes, or is emptied once sent). */
function useGrowingBox(holder: RefObject<HTMLElement | null>, text: string) {
  useLayoutEffect(() => {
    const box = holder.current?.querySelector('textarea');
    if (!box) return;
    const style = getComputedStyle(box);
    const line = Number.parseFloat(style.lineHeight) || 22;
    const borders = box.offsetHeight - box.clientHeight;
    const max = line * MAX_LINES + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) + borders;
    box.style.height = 'auto';
    box.style.height = `${Math.min(box.scrollHeight + borders, max)}px`;
  }, [holder, text]);
}

export function DockedComposer({ onSend }: { onSend: Send }) {
  const { t } = useTranslation();
  const id = useId();
  const { body, setBody, error, busy, submit, onKeyDownCapture } = useCommentSend(onSend);
  const form = useRef<HTMLFormElement>(null);
  // Toasts and the page's bottom padding clear the composer (styles/feedback.css, detail/issue.css);
  // the keyboard's height lifts it where the keyboard covers the page instead of resizing it.
  useHeightVar(form, '--floating-bar-h');
  useKeyboardInset();
  useGrowingBox(form, body);
  return (
    <form
      ref={form}
      className="composer composer--docked"
      data-testid="comment-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <ComposerError error={error} />
      <div className="composer__row">
        <label htmlFor={id} className="visually-hidden">
          {t('issues.comments.add')}
        </label>
        <MentionTextarea id={id} testid="comment-input" rows={1} placeholder={t('issues.comments.placeholderShort')} value={body} onChange={setBody} aria-invalid={error ? true : undefined} onKeyDownCapture={onKeyDownCapture} />
        {/* Pressing it keeps the focus (and the keyboard) in the box, as a chat's send button does. */}
        <Button type="submit" variant="primary" className="composer__send" data-testid="comment-submit" disabled={busy} aria-label={t('issues.comments.post')} onMouseDown={(e) => e.preventDefault()}>
          <Icon name="lucide:send" size={20} />
        </Button>
      </div>
    </form>
  );
}
