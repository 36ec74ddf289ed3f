import { redirectHostInputSchema, redirectInputSchema, type RedirectRule } from '@tracker/shared/api/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { invalidateQueries, useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { applyServerError, useServerForm } from '../../../lib/use-server-form.ts';
import { errorText } from '../../../lib/error-text.ts';
import { adminApi } from '../api.ts';
import '../admin.css';

const EMPTY = { fromPath: '', to: '', permanent: false, enabled: true };

export default function AdminRedirectsPage() {
  const { t } = useTranslation();
  const redirects = useQuery(['admin', 'redirects'], () => adminApi.redirects().then((r) => r.redirects));
  const rules = redirects.data;
  const { data: hosts } = useQuery(['admin', 'redirectHosts'], () => adminApi.hosts());
  const [editing, setEditing] = useState<number | null>(null);
  const form = useServerForm(redirectInputSchema, EMPTY);
  const hostForm = useServerForm(redirectHostInputSchema, { host: '' });

  const reload = () => {
    invalidateQueries(['admin', 'redirects']);
    invalidateQueries(['admin', 'redirectHosts']);
  };

  const edit = (id: number | null, values = EMPTY) => {
    setEditing(id);
    form.reset(values);
  };

  const save = form.submit(async (input) => {
    await adminApi.saveRedirect(editing, input);
    toast({ title: t('admin.redirects.saved'), color: 'success' });
    edit(null);
    reload();
  });

  const remove = async (rule: RedirectRule) => {
    await adminApi.deleteRedirect(rule.id).then(() => toast({ title: t('admin.redirects.deleted'), color: 'info' }), (err: unknown) => applyServerError(form, err, t));
    reload();
  };

  const addHost = hostForm.submit(async ({ host }) => {
    await adminApi.addHost(host);
    hostForm.reset();
    reload();
  });

  return (
    <Page name="adminRedirects">
      <h2>{t('admin.redirects.rules')}</h2>
      <form className="admin-form" onSubmit={save} noValidate aria-busy={form.formState.isSubmitting} data-testid="redirect-form">
        <div className="admin-row">
          <TextField {...form.register('fromPath')} label={t('admin.redirects.from')} error={form.errorFor('fromPath')} placeholder="/old-page" />
          <TextField {...form.register('to')} label={t('admin.redirects.to')} error={form.errorFor('to')} placeholder="/new-page" />
        </div>
        <div className="admin-row">
          <label className="admin-check">
            <input type="checkbox" {...form.register('permanent')} data-testid="redirect-permanent" />
            {t('admin.redirects.permanent')}
          </label>
          <label className="admin-check">
            <input type="checkbox" {...form.register('enabled')} />
            {t('admin.redirects.enabled')}
          </label>
        </div>
        <FormAlert message={form.formError ?? (redirects.error ? errorText(redirects.error, t) : null)} />
        <div className="admin-actions">
          <Button type="submit" variant="primary" size="small" disabled={form.formState.isSubmitting} data-testid="redirect-save">
            {editing == null ? t('admin.redirects.add') : t('admin.redirects.save')}
          </Button>
          {editing != null && (
            <Button size="small" onClick={() => edit(null)}>
              {t('admin.redirects.cancel')}
            </Button>
          )}
        </div>
      </form>
      {!rules && <Loading />}
      {rules && rules.length === 0 && <p className="muted">{t('admin.redirects.empty')}</p>}
      {rules && rules.length > 0 && (
        <div className="cf-table-wrap">
          <table className="admin-table" data-testid="redirects-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.redirects.from')}</th>
                <th scope="col">{t('admin.redirects.to')}</th>
                <th scope="col">{t('admin.redirects.kind')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {rules.map((r) => (
                <tr key={r.id} data-testid={`redirect-${r.fromPath}`}>
                  <td>
                    <code>{r.fromPath}</code>
                  </td>
                  <td>
                    <code>{r.to}</code> {r.external && <span className="badge">{t('admin.redirects.external')}</span>}
                  </td>
                  <td>
                    {r.permanent ? t('admin.redirects.permanent') : t('admin.redirects.temporary')}
                    {!r.enabled && <span className="badge">{t('admin.redirects.disabled')}</span>}
                  </td>
                  <td className="admin-actions">
                    <Button size="small" onClick={() => edit(r.id, { fromPath: r.fromPath, to: r.to, permanent: r.permanent, enabled: r.enabled })}>
                      {t('admin.redirects.edit')}
                    </Button>
                    <Button size="small" onClick={() => remove(r)}>
                      {t('admin.redirects.delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t('admin.redirects.hosts')}</h2>
      <p className="muted">{t('admin.redirects.hostsHint')}</p>
      {hosts && (
        <ul data-testid="redirect-hosts">
          {hosts.configured.map((h) => (
            <li key={`c-${h}`}>
              <code>{h}</code> <span className="muted">({t('admin.redirects.configured')})</span>
            </li>
          ))}
          {hosts.hosts.map((h) => (
            <li key={h.host}>
              <code>{h.host}</code>{' '}
              <Button size="small" onClick={() => adminApi.removeHost(h.host).then(reload, reload)}>
                {t('admin.redirects.removeHost')}
              </Button>
            </li>
          ))}
          {!hosts.configured.length && !hosts.hosts.length && <li className="muted">{t('admin.redirects.noHosts')}</li>}
        </ul>
      )}
      <form className="admin-row" onSubmit={addHost} noValidate aria-busy={hostForm.formState.isSubmitting}>
        <TextField {...hostForm.register('host')} label={t('admin.redirects.host')} error={hostForm.errorFor('host') ?? hostForm.formError ?? undefined} placeholder="docs.example.org" />
        <Button type="submit" size="small" disabled={hostForm.formState.isSubmitting} data-testid="host-add">
          {t('admin.redirects.addHost')}
        </Button>
      </form>
    </Page>
  );
}
