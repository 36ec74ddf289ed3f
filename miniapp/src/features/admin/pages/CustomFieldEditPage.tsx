import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoute } from '@tracker/shared/routes';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/Button.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { refusalOf } from '../../../lib/error-text.ts';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { writeStoreRows } from '../../../store/index.ts';
import { customFieldsApi, type CustomField } from '../custom-fields/api.ts';
import { FieldForm } from '../custom-fields/FieldForm.tsx';
import { useProjectOptions } from '../custom-fields/use-project-options.ts';
import '../custom-fields/custom-fields.css';

/** A stored field; a user default gets its name from the people picker when possible. */
async function withUserName(field: CustomField): Promise<{ field: CustomField; userName?: string }> {
  if (field.type !== 'user' || typeof field.defaultValue !== 'number') return { field };
  const found = await customFieldsApi.users('', 50).then((r) => r.users.find((u) => u.id === field.defaultValue), () => undefined);
  return { field, userName: found?.name };
}

export default function CustomFieldEditPage() {
  const { t } = useTranslation();
  const href = useHref();
  const locale = useLocale();
  const [location, navigate] = useLocation();
  // The app matches routes with the shared table (not wouter's <Route>), so params come from it.
  const id = Number(matchRoute(location)?.params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const shown = useQuery(valid ? ['admin', 'customField', id] : null, () => customFieldsApi.get(id).then((r) => withUserName(r.field)));
  const { setData } = shown;
  const field = shown.data?.field ?? null;
  const userName = shown.data?.userName;
  // The form starts anew from each saved field.
  const [version, setVersion] = useState(0);
  const projects = useProjectOptions();
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const loadError = !valid
    ? { status: 404, message: t('customFields.notFound') }
    : shown.error && !shown.data
      ? { status: refusalOf(shown.error)?.status ?? 0, message: errorText(shown.error, t) }
      : null;

  const setArchived = async (archived: boolean) => {
    if (!field) return;
    setBusy(true);
    setActionError(null);
    try {
      const r = await writeStoreRows({ call: () => customFieldsApi.archive(field.id, archived), settled: (a) => ({ customFields: { [a.field.id]: a.field } }) });
      setData((v) => v && { ...v, field: r.field });
      invalidateQueries(['admin', 'customFields']);
      toast({ title: archived ? t('customFields.archivedToast') : t('customFields.unarchivedToast'), color: 'success' });
    } catch (err) {
      setActionError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!field) return;
    const ok = await confirmAction({
      title: t('customFields.deleteTitle', { name: field.name[locale] }),
      message: t('customFields.deleteText', { count: field.valueCount }),
      confirmText: t('customFields.deleteConfirm'),
      destructive: true,
    });
    if (!ok) return;
    setBusy(true);
    setActionError(null);
    try {
      await writeStoreRows({ optimistic: { customFields: { [field.id]: null } }, call: () => customFieldsApi.remove(field.id) });
      invalidateQueries(['admin', 'customFields']);
      toast({ title: t('customFields.deleted', { name: field.name[locale] }), color: 'success' });
      navigate(href('customFields'));
    } catch (err) {
      setActionError(errorText(err, t));
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
              const r = await writeStoreRows({ call: () => customFieldsApi.update(field.id, body), settled: (a) => ({ customFields: { [a.field.id]: a.field } }) });
              toast({ title: t('customFields.saved'), color: 'success' });
              const next = await withUserName(r.field);
              setData(() => next);
              setVersion((v) => v + 1);
              invalidateQueries(['admin', 'customFields']);
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
              <Button variant="danger" size="small" disabled={busy} data-testid="cf-delete" onClick={() => void remove()}>
                {t('customFields.delete')}
              </Button>
            </div>
          </section>
        </>
      )}
    </Page>
  );
}
