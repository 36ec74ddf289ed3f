// Attachments: download links (by a signed link, see download.ts), upload by file input or by dropping files anywhere on the page
// (with progress), the 10 MB limit checked before sending, deletion for those allowed.
import { ATTACHMENT_MAX_BYTES } from '@tracker/shared/limits';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilePicker } from '../../../components/FilePicker.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { issueApi, uploadAttachment } from '../../../lib/api/issue-detail.ts';
import { formatDateTime } from './activity-format.ts';
import { downloadAttachment } from './download.ts';
import type { IssueController, IssueData } from './use-issue.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';
import { errorText } from '../../../lib/error-text.ts';

interface Upload {
  id: number;
  name: string;
  progress: number;
  error: string | null;
}

let seq = 0;
const MB = 1024 * 1024;

export function formatSize(bytes: number, locale: string): string {
  const nf = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${nf.format(bytes / 1024)} KB`;
  return `${nf.format(bytes / MB)} MB`;
}

export function useUploads(issueId: number | null, ctl: IssueController) {
  const { t } = useTranslation();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const set = (id: number, patch: Partial<Upload>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...patch } : u)));
  const upload = useCallback(
    (files: Iterable<File>) => {
      if (issueId === null) return;
      for (const file of files) {
        const id = ++seq;
        const tooBig = file.size > ATTACHMENT_MAX_BYTES;
        setUploads((list) => [...list, { id, name: file.name, progress: 0, error: tooBig ? t('issues.attachments.tooLarge', { mb: ATTACHMENT_MAX_BYTES / MB }) : null }]);
        if (tooBig) continue;
        uploadAttachment(issueId, file, (p) => set(id, { progress: p }))
          .then(() => {
            setUploads((list) => list.filter((u) => u.id !== id));
            void ctl.refresh();
          })
          .catch((err: unknown) => set(id, { error: errorText(err, t) }));
      }
    },
    [issueId, ctl, t],
  );
  const dismiss = useCallback((id: number) => setUploads((list) => list.filter((u) => u.id !== id)), []);
  return useMemo(() => ({ uploads, upload, dismiss }), [uploads, upload, dismiss]);
}

export function Attachments({ data, ctl, meId, uploader }: { data: IssueData; ctl: IssueController; meId: number | null; uploader: ReturnType<typeof useUploads> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { issue } = data;
  const canEdit = issue.can.includes('issue.edit');
  const mayDelete = (uploaderId: number | undefined) => (uploaderId === meId && canEdit) || issue.can.includes('comment.moderate');
  return (
    <section className="issue-section" aria-labelledby="attachments-title" data-testid="attachments">
      <div className="issue-section__head">
        <h2 id="attachments-title">{t('issues.attachments.title')}</h2>
        {canEdit && (
          <FilePicker size="small" multiple testId="attachment-input" buttonTestId="attachment-pick" onFiles={uploader.upload}>
            {t('issues.attachments.add')}
          </FilePicker>
        )}
      </div>
      {canEdit && <p className="muted small">{t('issues.attachments.hint', { mb: ATTACHMENT_MAX_BYTES / MB })}</p>}
      {uploader.uploads.length > 0 && (
        <ul className="upload-list" aria-live="polite">
          {uploader.uploads.map((u) => (
            <li key={u.id} data-testid="upload-item">
              <span className="break">{u.name}</span>
              {u.error ? (
                <>
                  <span role="alert" className="field__error" data-testid="upload-error">
                    {u.error}
                  </span>
                  <button type="button" className="icon-button" aria-label={t('issues.common.dismiss')} onClick={() => uploader.dismiss(u.id)}>
                    ×
                  </button>
                </>
              ) : (
                <progress max={1} value={u.progress} aria-label={t('issues.attachments.uploading', { name: u.name })} />
              )}
            </li>
          ))}
        </ul>
      )}
      {issue.attachments.length === 0 ? (
        <p className="muted">{t('issues.attachments.none')}</p>
      ) : (
        <ul className="link-list">
          {issue.attachments.map((a) => (
            <li key={a.id} data-testid="attachment-item">
              <a
                href={a.url}
                download={a.fileName}
                data-testid="attachment-link"
                className="break"
                onClick={(e) => {
                  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                  e.preventDefault();
                  downloadAttachment(a).catch(ctl.fail);
                }}
              >
                {a.fileName}
              </a>
              <span className="muted small">
                {' '}
                · {formatSize(a.size, locale)} · {a.uploader?.name ?? t('issues.common.unknown')} · {formatDateTime(a.createdAt, locale)}
              </span>
              {mayDelete(a.uploader?.id) && (
                <button
                  type="button"
                  className="icon-button"
                  data-testid="attachment-delete"
                  aria-label={t('issues.attachments.delete', { name: a.fileName })}
                  onClick={async () => {
                    const name = fit(a.fileName, NAME_MAX);
                    if (await confirmAction({ message: t('issues.attachments.confirmDelete', { name }), confirmText: t('issues.detail.delete'), destructive: true })) void ctl.run(() => issueApi.deleteAttachment(a.id));
                  }}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
