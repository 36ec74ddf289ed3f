// The issue's title, edited where it stands (issue 15). A click on it (or `e`) turns the heading
// into a text input in the same font; Enter or leaving the field saves through `ctl.patch` (the
// store's outbox: optimistic), Escape cancels. An empty title is refused with the shared schema's
// message; a refusal by the server brings the input back with the text typed and the server's
// words under it. The <h1> keeps the title for screen readers, also while the input is open.
import type { IssueDetail } from '@tracker/shared/api/issues';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formErrorsFrom } from '../../../lib/form-errors.ts';
import { editRefusal, preloadIssueSchemas } from './schemas.ts';
import type { IssueController } from './use-issue.ts';
import './inplace.css';

interface Props {
  issue: Pick<IssueDetail, 'title'>;
  canEdit: boolean;
  patch: IssueController['patch'];
  headingId: string;
}

export function TitleInPlace({ issue, canEdit, patch, headingId }: Props) {
  const { t, i18n } = useTranslation();
  const errorId = useId();
  const hintId = useId();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  // Escape and Enter close the input; the blur that follows must not save (again).
  const closed = useRef(true);

  const open = (value: string, why: string | null = null) => {
    preloadIssueSchemas();
    closed.current = false;
    setText(value);
    setError(why);
  };
  /** `refocus` after a key (Enter, Escape) keeps keyboard users on the title; a blur went elsewhere. */
  const close = (refocus: boolean) => {
    closed.current = true;
    setText(null);
    setError(null);
    if (refocus) requestAnimationFrame(() => editButton.current?.focus());
  };

  /** `keepFocus`: Enter leaves the caret in a refused title; a blur lets the user go elsewhere. */
  const commit = async (keepFocus: boolean) => {
    if (text === null || closed.current) return;
    const typed = text;
    const checked = await editRefusal({ title: typed });
    if (closed.current) return;
    if ('key' in checked) {
      setError(i18n.exists(checked.key) ? t(checked.key) : t('validation.invalid'));
      if (keepFocus) input.current?.focus();
      return;
    }
    const title = checked.value.title ?? '';
    close(keepFocus);
    if (title === issue.title) return;
    void patch({ title }, { title }, (err) => {
      const refused = formErrorsFrom(err, ['title'], t);
      open(typed, refused.fields.title ?? refused.form);
    });
  };

  if (text === null)
    return (
      <div className={`issue-title${canEdit ? ' issue-title--editable' : ''}`}>
        <h1 id={headingId} className="issue-title__text">
          {issue.title}
        </h1>
        {canEdit && (
          // Laid over the heading: a click or tap anywhere on the title edits it; the heading's
          // own text stays what a screen reader reads as the page's title.
          <button ref={editButton} type="button" className="issue-title__edit" aria-label={t('issues.inplace.editTitle')} data-testid="issue-title-edit" onClick={() => open(issue.title)}>
            <span className="issue-title__pencil" aria-hidden="true">
              ✎
            </span>
          </button>
        )}
      </div>
    );

  return (
    <div className={`issue-title issue-title--editing${error ? ' field--error' : ''}`}>
      <h1 id={headingId} className="visually-hidden">
        {issue.title}
      </h1>
      <input
        ref={input}
        className="issue-title__input"
        data-testid="issue-title-input"
        aria-label={t('issues.inplace.titleLabel')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        value={text}
        // Opened by the user's own click or key: the caret belongs here.
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
            e.preventDefault();
            void commit(true);
          } else if (e.key === 'Escape') {
            e.preventDefault();
            e.stopPropagation();
            close(true);
          }
        }}
        onBlur={() => void commit(false)}
      />
      <p id={hintId} className="visually-hidden">
        {t('issues.inplace.titleHint')}
      </p>
      {error && (
        <p id={errorId} className="field__error" role="alert" data-testid="issue-title-error">
          {error}
        </p>
      )}
    </div>
  );
}
