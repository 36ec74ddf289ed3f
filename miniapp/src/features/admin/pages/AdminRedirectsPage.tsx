import type { RedirectHostsResponse, RedirectRule } from '@tracker/shared/api/admin';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { TextField } from '../../../components/TextField.tsx';
import { toast } from '../../../lib/toasts.ts';
import { adminApi, adminErrors } from '../api.ts';
import '../admin.css';

const EMPTY = { fromPath: '', to: '', permanent: false, enabled: true };

export default function AdminRedirectsPage() {
  const { t } = useTranslation();
  const [rules, setRules] = useState<RedirectRule[] | null>(null);
  const [hosts, setHosts] = useState<RedirectHostsResponse | null>(null);
  const [form, setForm] = useState(EMPTY);
  const [editing, setEditing] = useState<number | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [host, setHost] = useState('');
  const [hostError, setHostError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => {
    adminApi.redirects().then((r) => setRules(r.redirects), () => setFormError(t('errors.network')));
    adminApi.hosts().then(setHosts, () => undefined);
  }, [t]);
  useEffect(reload, [reload]);

  const showError = (err: unknown, setField: (f: Record<string, string>) => void, setForm: (m: string | null) => void) => {
    const e = adminErrors(err);
    setField(e.fields);
    setForm(e.form ? (e.form.raw ? e.form.key : t(e.form.key)) : null);
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFields({});
    setFormError(null);
    try {
      await adminApi.saveRedirect(editing, form);
      toast({ title: t('admin.redirects.saved'), color: 'success' });
      setForm(EMPTY);
      setEditing(null);
      reload();
    } catch (err) {
      showError(err, setFields, setFormError);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (rule: RedirectRule) => {
    await adminApi.deleteRedirect(rule.id).then(() => toast({ title: t('admin.redirects.deleted'), color: 'info' }), (err: unknown) => showError(err, setFields, setFormError));
    reload();
  };

  const addHost = async (e: React.FormEvent) => {
    e.preventDefault();
    setHostError(null);
    try {
      await adminApi.addHost(host);
      setHost('');
      reload();
    } catch (err) {
      const x = adminErrors(err);
      const key = x.fields.host ?? x.form?.key;
      setHostError(key ? t(key) : t('errors.network'));
    }
  };

  const fieldError = (name: string) => (fields[name] ? t(fields[name]!) : undefined);
  return (
    <Page name="adminRedirects">
      <h2>{t('admin.redirects.rules')}</h2>
      <form className="admin-form" onSubmit={save} noValidate data-testid="redirect-form">
        <div className="admin-row">
          <TextField name="fromPath" label={t('admin.redirects.from')} value={form.fromPath} onChange={(e) => setForm({ ...form, fromPath: e.target.value })} error={fieldError('fromPath')} placeholder="/old-page" />
          <TextField name="to" label={t('admin.redirects.to')} value={form.to} onChange={(e) => setForm({ ...form, to: e.target.value })} error={fieldError('to')} placeholder="/new-page" />
        </div>
        <div className="admin-row">
          <label className="admin-check">
            <input type="checkbox" checked={form.permanent} onChange={(e) => setForm({ ...form, permanent: e.target.checked })} data-testid="redirect-permanent" />
            {t('admin.redirects.permanent')}
          </label>
          <label className="admin-check">
            <input type="checkbox" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />
            {t('admin.redirects.enabled')}
          </label>
        </div>
        <FormAlert message={formError} />
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary btn--small" disabled={busy} data-testid="redirect-save">
            {editing == null ? t('admin.redirects.add') : t('admin.redirects.save')}
          </button>
          {editing != null && (
            <button type="button" className="btn btn--ghost btn--small" onClick={() => (setEditing(null), setForm(EMPTY), setFields({}))}>
              {t('admin.redirects.cancel')}
            </button>
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
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => (setEditing(r.id), setForm({ fromPath: r.fromPath, to: r.to, permanent: r.permanent, enabled: r.enabled }))}>
                      {t('admin.redirects.edit')}
                    </button>
                    <button type="button" className="btn btn--ghost btn--small" onClick={() => remove(r)}>
                      {t('admin.redirects.delete')}
                    </button>
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
              <button type="button" className="btn btn--ghost btn--small" onClick={() => adminApi.removeHost(h.host).then(reload, reload)}>
                {t('admin.redirects.removeHost')}
              </button>
            </li>
          ))}
          {!hosts.configured.length && !hosts.hosts.length && <li className="muted">{t('admin.redirects.noHosts')}</li>}
        </ul>
      )}
      <form className="admin-row" onSubmit={addHost} noValidate>
        <TextField name="host" label={t('admin.redirects.host')} value={host} onChange={(e) => setHost(e.target.value)} error={hostError ?? undefined} placeholder="docs.example.org" />
        <button type="submit" className="btn btn--secondary btn--small" data-testid="host-add">
          {t('admin.redirects.addHost')}
        </button>
      </form>
    </Page>
  );
}
