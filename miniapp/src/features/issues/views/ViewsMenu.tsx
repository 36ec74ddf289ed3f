// Saved views: the current filters + layout + grouping under a name, personal or shared with a
// project. Opened from a disclosure panel; saved and renamed in the shared modal.
import type { UserRef } from '@tracker/shared/api/common';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogTitle } from '../../../components/Dialog.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { toast } from '../../../lib/toasts.ts';
import { createView, deleteView, getMe, listViews, updateView, type SavedView } from '../api.ts';
import { toViewQuery, type PageState } from '../filters/url.ts';
import { errorText } from '../list/errors.ts';
import './views.css';
import { useStoreReference, useSyncPending } from '../../sync/index.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';

interface Props {
  state: PageState;
  /** Id of the project in the filter (views can be shared with it). */
  projectId: number | null;
  projectName: string | null;
  onOpen: (view: SavedView) => void;
}

type Editing = { mode: 'create' } | { mode: 'rename'; view: SavedView };

export function ViewsMenu({ state, projectId, projectName, onOpen }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [fetchedViews, setViews] = useState<SavedView[] | null>(null);
  // From the client store when it is synced (kept current by the feed); asked otherwise.
  const store = useStoreReference();
  const views = store ? (store.views as SavedView[]) : fetchedViews;
  const pending = useSyncPending(); // the first bootstrap brings them
  const synced = store !== null || pending;
  const [me, setMe] = useState<UserRef | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const reload = useCallback(() => {
    if (!synced) listViews().then(setViews, (err: unknown) => setError(errorText(t, err)));
  }, [t, synced]);
  useEffect(() => {
    reload();
    void getMe().then(setMe);
  }, [reload]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => !root.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onDown);
    const el = root.current;
    el?.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      el?.removeEventListener('keydown', onKey);
    };
  }, [open]);

  async function remove(view: SavedView) {
    if (!(await confirmAction({ message: t('issues.views.confirmDelete', { name: fit(view.name, NAME_MAX) }), confirmText: t('issues.views.delete'), destructive: true }))) return;
    try {
      await deleteView(view.id);
      setViews((vs) => vs?.filter((v) => v.id !== view.id) ?? null);
      toast({ title: t('issues.views.deleted'), color: 'success' });
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <div className="views-menu" ref={root}>
      <button ref={button} type="button" className="btn btn--ghost btn--small" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)} data-testid="views-menu">
        {t('issues.views.title')} ▾
      </button>
      <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing({ mode: 'create' })} data-testid="view-save">
        {t('issues.views.save')}
      </button>
      {open && (
        <div className="views-menu__panel" id={panelId}>
          {error && <FormAlert message={error} />}
          {views === null ? (
            <p className="muted">{t('common.loading')}</p>
          ) : views.length === 0 ? (
            <p className="muted">{t('issues.views.none')}</p>
          ) : (
            <ul className="views-menu__list">
              {views.map((v) => (
                <li key={v.id} className="views-menu__item" data-testid="view-item" data-view-name={v.name}>
                  <button
                    type="button"
                    className="views-menu__open"
                    onClick={() => {
                      setOpen(false);
                      onOpen(v);
                    }}
                    data-testid="view-open"
                  >
                    <span>{v.name}</span>
                    <span className="views-menu__scope">{v.projectId ? t('issues.views.shared') : t('issues.views.personal')}</span>
                  </button>
                  {me?.id === v.owner.id && (
                    <>
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing({ mode: 'rename', view: v })} aria-label={t('issues.views.renameNamed', { name: v.name })} data-testid="view-rename">
                        {t('issues.views.rename')}
                      </button>
                      <button type="button" className="btn btn--ghost btn--small" onClick={() => void remove(v)} aria-label={t('issues.views.deleteNamed', { name: v.name })} data-testid="view-delete">
                        {t('issues.views.delete')}
                      </button>
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {editing && (
        <ViewDialog
          editing={editing}
          projectId={projectId}
          projectName={projectName}
          onClose={() => setEditing(null)}
          onSave={async (name, shared) => {
            if (editing.mode === 'create') {
              const view = await createView({ name, projectId: shared ? projectId : null, query: toViewQuery(state), layout: state.layout, groupBy: state.group });
              toast({ title: t('issues.views.saved', { name: view.name }), color: 'success' });
            } else {
              await updateView(editing.view.id, { name });
            }
            reload();
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

function ViewDialog({ editing, projectId, projectName, onClose, onSave }: { editing: Editing; projectId: number | null; projectName: string | null; onClose: () => void; onSave: (name: string, shared: boolean) => Promise<void> }) {
  const { t } = useTranslation();
  const [name, setName] = useState(editing.mode === 'rename' ? editing.view.name : '');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const nameId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setFieldError(null);
    try {
      await onSave(name, shared);
    } catch (err) {
      const issue = (err as { data?: { issues?: { path: (string | number)[]; message: string }[] } }).data?.issues?.find((i) => i.path[0] === 'name');
      if (issue) setFieldError(t(issue.message));
      else setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog className="view-dialog" onClose={onClose} testId="view-dialog">
      <form className="form" onSubmit={submit} noValidate>
        <DialogTitle>{editing.mode === 'create' ? t('issues.views.saveTitle') : t('issues.views.renameTitle')}</DialogTitle>
        <div className={`field${fieldError ? ' field--error' : ''}`}>
          <label htmlFor={nameId}>{t('issues.views.name')}</label>
          <input id={nameId} name="name" value={name} onChange={(e) => setName(e.target.value)} autoFocus maxLength={100} aria-invalid={fieldError ? true : undefined} data-testid="view-name" />
          {fieldError && (
            <p className="field__error" data-testid="error-name">
              {fieldError}
            </p>
          )}
        </div>
        {editing.mode === 'create' && (
          <label className="view-dialog__check">
            <input type="checkbox" checked={shared} disabled={projectId === null} onChange={(e) => setShared(e.target.checked)} data-testid="view-shared" />
            {projectId === null ? t('issues.views.shareNeedsProject') : t('issues.views.shareWith', { project: projectName ?? '' })}
          </label>
        )}
        <FormAlert message={error} />
        <div className="view-dialog__actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t('issues.views.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid="view-submit">
            {t('issues.views.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
