// A comment in the timeline (rendered from the server's sanitised `bodyHtml`; edit/delete own); the
// composer is Composer.tsx.
import { Button } from '../../../components/Button.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import type { Comment } from '@tracker/shared/api/issues';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../lib/use-locale.ts';
import { issueApi } from '../../../lib/api/issue-detail.ts';
import { formatDateTime } from '../detail/activity-format.ts';
import { MentionTextarea } from './MentionTextarea.tsx';
import { confirmAction } from '../../../platform/confirm.ts';
import { toast } from '../../../lib/toasts.ts';
import { errorText } from '../../../lib/error-text.ts';

export function CommentItem({ comment, own, canModerate, onChanged }: { comment: Comment; own: boolean; canModerate: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(comment.body);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const edited = Date.parse(comment.updatedAt) - Date.parse(comment.createdAt) > 1000;
  const sending = comment.id < 0;

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await issueApi.editComment(comment.id, draft);
      setEditing(false);
      onChanged();
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };
  // Deleting asks first, then hides the comment for the toast's few seconds: "Undo" brings it back
  // and nothing reaches the server; otherwise the delete is sent when the toast closes.
  const [gone, setGone] = useState(false);
  const remove = async () => {
    if (!(await confirmAction({ message: t('issues.comments.confirmDelete'), confirmText: t('issues.comments.delete'), destructive: true }))) return;
    setGone(true);
    toast({
      title: t('issues.comments.deleted'),
      color: 'neutral',
      action: { label: t('issues.comments.undo'), run: () => setGone(false) },
      onClose: (undone) => {
        if (undone) return;
        issueApi.deleteComment(comment.id).then(onChanged, (err: unknown) => {
          setGone(false);
          setError(errorText(err, t));
        });
      },
    });
  };

  if (gone) return null;
  return (
    <article className="tl-item tl-item--comment" data-testid="comment" data-comment-id={comment.id} aria-label={t('issues.comments.by', { name: comment.author?.name ?? t('issues.common.unknown') })}>
      <header className="tl-item__head">
        <strong>{comment.author?.name ?? t('issues.common.unknown')}</strong>
        <time dateTime={comment.createdAt} className="muted small">
          {formatDateTime(comment.createdAt, locale)}
        </time>
        {edited && <span className="muted small">({t('issues.comments.edited')})</span>}
        {sending && (
          <span className="muted small" data-testid="comment-sending">
            {t('issues.comments.sending')}
          </span>
        )}
        {!editing && !sending && (own || canModerate) && (
          <span className="tl-item__actions">
            {own && (
              <Button variant="link" size="small" data-testid="comment-edit" onClick={() => (setDraft(comment.body), setEditing(true))}>
                {t('issues.comments.edit')}
              </Button>
            )}
            <Button variant="link" size="small" data-testid="comment-delete" onClick={() => void remove()}>
              {t('issues.comments.delete')}
            </Button>
          </span>
        )}
      </header>
      {editing ? (
        <div className="comment-edit">
          <MentionTextarea testid="comment-edit-input" aria-label={t('issues.comments.editLabel')} value={draft} onChange={setDraft} rows={4} />
          <div className="actions actions--tight">
            <Button variant="primary" size="small" data-testid="comment-save" disabled={busy || !draft.trim()} onClick={() => void save()}>
              {t('issues.comments.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('issues.common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        // Sanitised by the server (markdown-it without raw HTML).
        <Markdown html={comment.bodyHtml} testId="comment-body" />
      )}
      {error && (
        <p role="alert" className="field__error">
          {error}
        </p>
      )}
    </article>
  );
}
