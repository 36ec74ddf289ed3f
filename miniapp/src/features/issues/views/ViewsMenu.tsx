// Saved views: the current filters + layout + grouping under a name, personal or shared with a
// project. Listed in a popover; saved and renamed in the shared modal.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Popover } from '../../../components/Popover.tsx';
import { toast } from '../../../lib/toasts.ts';
import { createView, deleteView, updateView, type SavedView } from '../api.ts';
import { toViewQuery, type PageState } from '../filters/url.ts';
import type { Editing } from './ViewDialog.tsx';
import './views.css';

// The save and rename dialog (and the dialog library under it) loads when it is opened, not with the list.
const ViewDialog = lazy(() => import('./ViewDialog.tsx'));
import { useStoreReference, writeStoreRows } from '../../../store/index.ts';
import { useMe } from '../../../lib/auth.ts';
import { confirmAction, fit, NAME_MAX } from '../../../platform/confirm.ts';
import { errorText } from '../../../lib/error-text.ts';

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
  // From the client store (the feed keeps them current; null until its first bootstrap).
  const views = (useStoreReference()?.views ?? null) as SavedView[] | null;
  const me = useMe();
  const [editing, setEditing] = useState<Editing | null>(null);


  async function remove(view: SavedView) {
    if (!(await confirmAction({ message: t('issues.views.confirmDelete', { name: fit(view.name, NAME_MAX) }), confirmText: t('issues.views.delete'), destructive: true }))) return;
    try {
      await writeStoreRows({ optimistic: { views: { [view.id]: null } }, call: () => deleteView(view.id) });
      toast({ title: t('issues.views.deleted'), color: 'success' });
    } catch (err) {
      // A toast: the menu may have closed behind the question.
      toast({ title: errorText(err, t), color: 'error' });
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
            // Through the store: the view shows in this menu at once (a rename before the answer).
            if (editing.mode === 'create') {
              const body = { name, projectId: shared ? projectId : null, query: toViewQuery(state), layout: state.layout, groupBy: state.group };
              const view = await writeStoreRows({ call: () => createView(body), settled: (v) => ({ views: { [v.id]: v } }) });
              toast({ title: t('issues.views.saved', { name: view.name }), color: 'success' });
            } else {
              const { view } = editing;
              await writeStoreRows({ optimistic: { views: { [view.id]: { ...view, name } } }, call: () => updateView(view.id, { name }), settled: (v) => ({ views: { [v.id]: v } }) });
            }
            setEditing(null);
          }}
        />
        </Suspense>
      )}
    </div>
  );
}
