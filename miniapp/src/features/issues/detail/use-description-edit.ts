// The description edited in place (issue 15): the text typed is kept per user and issue on the
// device as it is typed (lib/issue-draft.ts) and offered again when the issue is reopened. It is
// saved straight with the version the edit started from, so a description someone changed
// meanwhile is never overwritten silently: the server's 409 opens the merge dialog the edit page
// uses. A refusal keeps the text and shows the server's message under it.
import type { EditConflictData, IssueDetail } from '@tracker/shared/api/issues';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { draftToOffer, loadDescriptionDraft, saveDescriptionDraft, type DescriptionDraft } from '../../../lib/issue-draft.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { haptic } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { editConflictOf } from '../form/conflict.ts';
import { formErrorsFrom } from '../../../lib/form-errors.ts';
import { useLeaveGuard } from './leave-guard.ts';
import { editRefusal, preloadIssueSchemas } from './schemas.ts';
import type { IssueController } from './use-issue.ts';

export interface DescriptionEdit {
  text: string;
  /** The text shown when the edit began: typing back to it is no change. */
  original: string;
  baseVersion: number;
}

export function useDescriptionEdit(issue: Pick<IssueDetail, 'id' | 'description' | 'version'>, save: IssueController['save'], userId: number | null) {
  const { t, i18n } = useTranslation();
  const [edit, setEdit] = useState<DescriptionEdit | null>(null);
  const [offered, setOffered] = useState<DescriptionDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<EditConflictData | null>(null);
  const saved = useRef(issue.description);
  saved.current = issue.description;

  // A draft left by a reload or an earlier visit, looked up once per issue (a live change of the
  // description while the page is open does not bring the offer back).
  useEffect(() => {
    if (!userId) return;
    const draft = loadDescriptionDraft(userId, issue.id);
    const offer = draftToOffer(draft, saved.current);
    if (draft && !offer) saveDescriptionDraft(userId, issue.id, null);
    setOffered(offer);
  }, [userId, issue.id]);

  const dirty = edit !== null && edit.text !== edit.original;
  // Kept as it is typed; back to the text it started from, nothing is kept.
  useEffect(() => {
    if (userId && edit) saveDescriptionDraft(userId, issue.id, edit.text !== edit.original ? { description: edit.text, baseVersion: edit.baseVersion } : null);
  }, [userId, issue.id, edit]);

  // Telegram asks before closing the app; links out of the page ask in the app (the draft stays).
  useUnsavedChanges(dirty || busy);
  useLeaveGuard(dirty, () => confirmAction({ title: t('issues.inplace.leaveTitle'), message: t('issues.inplace.leaveText'), confirmText: t('issues.inplace.leave'), cancelText: t('issues.inplace.keepEditing') }));

  const forget = () => {
    if (userId) saveDescriptionDraft(userId, issue.id, null);
  };
  const finish = () => {
    forget();
    setEdit(null);
    setError(null);
    setConflict(null);
  };

  /** Opens the editor on the saved text, or on a draft restored (with the version it began from). */
  const start = (from?: DescriptionDraft) => {
    preloadIssueSchemas();
    setOffered(null);
    setError(null);
    setEdit({ text: from?.description ?? issue.description, original: issue.description, baseVersion: from?.baseVersion ?? issue.version });
  };

  const discardOffer = () => {
    forget();
    setOffered(null);
  };

  const setText = (text: string) => {
    setEdit((e) => e && { ...e, text });
    setError(null);
  };

  const cancel = async () => {
    if (dirty && !(await confirmAction({ title: t('issues.inplace.discardTitle'), message: t('issues.inplace.discardText'), confirmText: t('issues.inplace.discardConfirm'), cancelText: t('issues.inplace.keepEditing'), destructive: true }))) return;
    finish();
  };

  const submit = async (next: DescriptionEdit | null = edit) => {
    if (!next || busy) return;
    if (next.text === next.original) return finish();
    const checked = await editRefusal({ description: next.text });
    if ('key' in checked) {
      setError(i18n.exists(checked.key) ? t(checked.key) : t('validation.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save({ description: next.text, baseVersion: next.baseVersion });
      finish();
    } catch (err) {
      haptic('error');
      const stale = editConflictOf(err);
      if (stale) setConflict(stale);
      else {
        const refused = formErrorsFrom(err, ['description'], t);
        setError(refused.fields.description ?? refused.form);
      }
    } finally {
      setBusy(false);
    }
  };

  /** The merge dialog's text, saved on top of the version the server has now. */
  const saveMerged = (text: string | undefined) => {
    if (!conflict || !edit) return;
    const next = { text: text ?? edit.text, original: conflict.issue.description, baseVersion: conflict.version };
    setConflict(null);
    setEdit(next);
    void submit(next);
  };

  return { edit, offered, error, busy, conflict, dirty, start, discardOffer, setText, cancel, submit, saveMerged, closeConflict: () => setConflict(null) };
}

export type DescriptionEditor = ReturnType<typeof useDescriptionEdit>;
