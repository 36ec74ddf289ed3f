import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoute } from '@tracker/shared/routes';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { customFieldsApi, type CustomField, type ProjectOption } from '../custom-fields/api.ts';
import { ConfirmDialog } from '../custom-fields/ConfirmDialog.tsx';
import { errorMessage } from '../custom-fields/errors.ts';
import { FieldForm } from '../custom-fields/FieldForm.tsx';
import '../custom-fields/custom-fields.css';

export default function CustomFieldEditPage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  // The app matches routes with the shared table (not wouter's <Route>), so params come from it.
  const id = Number(matchRoute(location)?.params.id);
  const [field, setField] = useState<CustomField | null>(null);
  const [userName, setUserName] = useState<string>();
  const [version, setVersion] = useState(0);
  const [loadError, setLoadError] = useState<{ status: number; message: string } | null>(null);
  const [projects, setProjects] = useState<ProjectOption[] | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const message = (err: unknown) => errorMessage(err, t);

  /** Shows a stored field; a user default gets its name from the people picker when possible. */
  const show = async (f: CustomField) => {
    let name: string | undefined;
    if (f.type === 'user' && typeof f.defaultValue === 'number') {
      const found = await customFieldsApi.users('', 50).then((r) => r.users.find((u) => u.id === f.defaultValue), () => undefined);
      name = found?.name;
    }
    setField(f);
    setUserName(name);
    setVersion((v) => v + 1);
  };

  useEffect(() => {
    if (!Number.isSafeInteger(id) || id <= 0) {
      setLoadError({ status: 404, message: t('customFields.notFound') });
      return;
    }
    customFieldsApi.get(id).then(
      (r) => void show(r.field),
      (err: unknown) => setLoadError({ status: (err as { status?: number }).status ?? 0, message: message(err) }),
    );
    customFieldsApi.projects().then((r) => setProjects(r.projects), () => setProjects([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded once per field id
  }, [id]);

  const setArchived = async (archived: boolean) => {
    if (!field) return;
    setBusy(true);
    setActionError(null);
    try {
      const r = await customFieldsApi.archive(field.id, archived);
      setField(r.field);
      toast({ title: archived ? t('customFields.archivedToast') : t('customFields.unarchivedToast'), color: 'success' });
    } catch (err) {
      setActionError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!field) return;
    setBusy(true);
    try {
      await customFieldsApi.remove(field.id);
      setConfirmDelete(false);
      toast({ title: t('customFields.deleted', { name: field.name[locale] }), color: 'success' });
      navigate(href('customFields'));
    } catch (err) {
      setConfirmDelete(false);
      setActionError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const title = field ? t('customFields.editTitle', { name: field.name[locale] || field.name.ru }) : undefined;
  return (
    <Page name="customFieldEdit" title={title} className="cf-page cf-page--form">
      <p>
        <Link href={href('customFields')}>← {t('customFields.back')}</Link>
      </p>
      {loadError && (
        <p role="alert" className="form-alert" data-testid="cf-load-error" data-status={loadError.status}>
          {loadError.message}
        </p>
      )}
      {!loadError && !field && <Loading />}
      {field && (
        <>
          {field.archivedAt && (
            <p className="cf-note" data-testid="cf-archived-note" role="status">
              <span className="cf-badge">{t('customFields.archived')}</span> {t('customFields.archivedNote')}
            </p>
          )}
          {actionError && (
            <p role="alert" className="form-alert" data-testid="cf-action-error">
              {actionError}
            </p>
          )}
          <FieldForm
            key={version}
            field={field}
            userName={userName}
            projects={projects}
            submitLabel={t('customFields.form.save')}
            onSubmit={async (body) => {
              const r = await customFieldsApi.update(field.id, body);
              toast({ title: t('customFields.saved'), color: 'success' });
              await show(r.field);
            }}
          />
          <section className="cf-danger" aria-labelledby="cf-manage">
            <h2 id="cf-manage">{t('customFields.manage')}</h2>
            <div className="cf-danger__row">
              <div>
                <p className="cf-danger__what">{field.archivedAt ? t('customFields.unarchiveWhat') : t('customFields.archiveWhat')}</p>
                <p className="field__hint">{t('customFields.archiveHint')}</p>
              </div>
              {field.archivedAt ? (
                <Button size="small" disabled={busy} data-testid="cf-unarchive" onClick={() => void setArchived(false)}>
                  {t('customFields.unarchive')}
                </Button>
              ) : (
                <Button size="small" disabled={busy} data-testid="cf-archive" onClick={() => void setArchived(true)}>
                  {t('customFields.archive')}
                </Button>
              )}
            </div>
            <div className="cf-danger__row">
              <div>
                <p className="cf-danger__what">{t('customFields.deleteWhat')}</p>
                <p className="field__hint">{t('customFields.deleteHint', { count: field.valueCount })}</p>
              </div>
              <Button variant="danger" size="small" disabled={busy} data-testid="cf-delete" onClick={() => setConfirmDelete(true)}>
                {t('customFields.delete')}
              </Button>
            </div>
          </section>
          {confirmDelete && (
            <ConfirmDialog
              title={t('customFields.deleteTitle', { name: field.name[locale] })}
              text={t('customFields.deleteText', { count: field.valueCount })}
              confirm={t('customFields.deleteConfirm')}
              danger
              busy={busy}
              onConfirm={() => void remove()}
              onCancel={() => setConfirmDelete(false)}
            />
          )}
        </>
      )}
    </Page>
  );
}
