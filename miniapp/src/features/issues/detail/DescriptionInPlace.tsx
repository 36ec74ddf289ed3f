// The issue's description: rendered Markdown, edited in place (issue 15). "Edit" (or a click on
// an empty description) swaps it for the mention-aware Markdown textarea the comments use, with
// Save / Cancel and Ctrl/⌘+Enter; the draft, the conflict check and the refusals live in
// use-description-edit.ts. Inside Telegram the MainButton saves while the editor is open.
import type { IssueDetail } from '@tracker/shared/api/issues';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { useMainButton } from '../../../platform/use-main-button.ts';
import { MentionTextarea } from '../comments/MentionTextarea.tsx';
import { MergeDialog } from '../form/MergeDialog.tsx';
import { useDescriptionEdit, type DescriptionEditor } from './use-description-edit.ts';
import type { IssueController } from './use-issue.ts';
import './inplace.css';

interface Props {
  issue: Pick<IssueDetail, 'id' | 'title' | 'description' | 'descriptionHtml' | 'version'>;
  canEdit: boolean;
  save: IssueController['save'];
  userId: number | null;
}

export function DescriptionInPlace({ issue, canEdit, save, userId }: Props) {
  const { t } = useTranslation();
  const d = useDescriptionEdit(issue, save, userId);
  const empty = !issue.description.trim();
  return (
    <section className="issue-section issue-desc" aria-labelledby="description-title">
      <div className="issue-section__head">
        <h2 id="description-title">{t('issues.detail.description')}</h2>
        {canEdit && !d.edit && !empty && (
          <Button size="small" aria-label={t('issues.inplace.editDescription')} data-testid="description-edit" onClick={() => d.start()}>
            {t('issues.inplace.edit')}
          </Button>
        )}
      </div>
      {canEdit && d.offered && !d.edit && (
        <div className="issue-desc__draft" role="status" data-testid="description-draft">
          <p>{t('issues.inplace.draftFound')}</p>
          <Button variant="primary" size="small" data-testid="description-draft-restore" onClick={() => d.start(d.offered!)}>
            {t('issues.inplace.restore')}
          </Button>
          <Button size="small" data-testid="description-draft-discard" onClick={d.discardOffer}>
            {t('issues.inplace.discard')}
          </Button>
        </div>
      )}
      {d.edit ? (
        <Editor d={d} />
      ) : !empty ? (
        // Sanitised by the server (markdown-it without raw HTML).
        <Markdown html={issue.descriptionHtml} testId="issue-description" />
      ) : canEdit ? (
        <button type="button" className="issue-desc__add" data-testid="description-add" onClick={() => d.start()}>
          {t('issues.inplace.addDescription')}
        </button>
      ) : (
        <p className="muted" data-testid="issue-description">
          {t('issues.detail.noDescription')}
        </p>
      )}
      {d.conflict && d.edit && (
        <MergeDialog conflict={d.conflict} mine={{ title: issue.title, description: d.edit.text }} onSave={(merged) => d.saveMerged(merged.description)} onCancel={d.closeConflict} />
      )}
    </section>
  );
}

function Editor({ d }: { d: DescriptionEditor }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  useMainButton({ text: t('issues.inplace.save'), loading: d.busy, enabled: !d.busy }, () => void d.submit());
  // The caret at the end of the text, where one usually goes on writing.
  useEffect(() => {
    const el = document.getElementById(id);
    if (!(el instanceof HTMLTextAreaElement)) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, [id]);
  if (!d.edit) return null;
  return (
    <div className={`field issue-desc__editor${d.error ? ' field--error' : ''}`} data-testid="description-editor">
      <label htmlFor={id} className="visually-hidden">
        {t('issues.detail.description')}
      </label>
      <MentionTextarea
        id={id}
        testid="description-input"
        rows={10}
        value={d.edit.text}
        onChange={d.setText}
        placeholder={t('issues.form.descriptionPlaceholder')}
        aria-invalid={d.error ? true : undefined}
        aria-describedby={d.error ? `${errorId} ${hintId}` : hintId}
        onKeyDownCapture={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void d.submit();
          } else if (e.key === 'Escape' && !e.currentTarget.hasAttribute('aria-activedescendant')) {
            // Escape closes the mention list first; with none open it cancels (asking when changed).
            e.preventDefault();
            e.stopPropagation();
            void d.cancel();
          }
        }}
      />
      <p id={hintId} className="muted small">
        {t('issues.inplace.hint')}
      </p>
      {d.error && (
        <p id={errorId} role="alert" className="field__error" data-testid="description-error">
          {d.error}
        </p>
      )}
      <div className="actions actions--tight">
        <Button variant="primary" size="small" data-testid="description-save" disabled={d.busy} onClick={() => void d.submit()}>
          {t('issues.inplace.save')}
        </Button>
        <Button size="small" data-testid="description-cancel" disabled={d.busy} onClick={() => void d.cancel()}>
          {t('issues.common.cancel')}
        </Button>
      </div>
    </div>
  );
}
