// Saved views: the current filters + layout + grouping under a name, personal or shared with a
// project. Listed in a popover; saved and renamed in the shared modal.
import type { UserRef } from '@tracker/shared/api/common';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Popover } from '../../../components/Popover.tsx';
import { toast } from '../../../lib/toasts.ts';
import { createView, deleteView, getMe, listViews, updateView, type SavedView } from '../api.ts';
import { toViewQuery, type PageState } from '../filters/url.ts';
import { errorText } from '../list/errors.ts';
import type { Editing } from './ViewDialog.tsx';
import './views.css';

// The save and rename dialog (and the dialog library under it) loads when it is opened, not with the list.
const ViewDialog = lazy(() => import('./ViewDialog.tsx'));
import { useStoreReference, useSyncPending } from '../../sync/index.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';

interface Props {
  state: PageState;
  /** Id of the project in the filter (views can be shared with it). */
  projectId: number | null;
  projectName: string | null;
  onOpen: (view: SavedView) => void;
}


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

  const reload = useCallback(() => {
    if (!synced) listViews().then(setViews, (err: unknown) => setError(errorText(t, err)));
  }, [t, synced]);
  useEffect(() => {
    reload();
    void getMe().then(setMe);
  }, [reload]);

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
    <div className="views-menu">
      <Popover
        open={open}
        onOpenChange={setOpen}
        label={t('issues.views.title')}
        className="views-menu__panel"
        trigger={
          <Button size="small" data-testid="views-menu">
            {t('issues.views.title')} ▾
          </Button>
        }
      >
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
                    <Button size="small" onClick={() => setEditing({ mode: 'rename', view: v })} aria-label={t('issues.views.renameNamed', { name: v.name })} data-testid="view-rename">
                      {t('issues.views.rename')}
                    </Button>
                    <Button size="small" onClick={() => void remove(v)} aria-label={t('issues.views.deleteNamed', { name: v.name })} data-testid="view-delete">
                      {t('issues.views.delete')}
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </Popover>
      <Button size="small" onClick={() => setEditing({ mode: 'create' })} data-testid="view-save">
        {t('issues.views.save')}
      </Button>
      {editing && (
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </div>
  );
}
