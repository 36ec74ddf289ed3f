import type { AdminUser } from '@tracker/shared/api/admin';
import { can } from '@tracker/shared/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { adminApi } from '../api.ts';
import { useServerAction } from '../../../lib/use-server-action.ts';
import '../admin.css';

export default function AdminUsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { data, error: loadError, setData } = useQuery(['admin', 'users', page, query], () => adminApi.users(query, page));
  // A row's change (admin, block): one pending flag and the refusal's words, as a form's.
  const action = useServerAction();
  const busy = action.pending;
  const change = (user: AdminUser, body: { admin?: boolean; blocked?: boolean }) =>
    action.run(async () => {
      const { user: updated } = await adminApi.updateUser(user.id, body);
      setData((d) => d && { ...d, users: d.users.map((u) => (u.id === updated.id ? updated : u)) });
      toast({ title: t('admin.users.saved'), color: 'success' });
    });
  const block = async (user: AdminUser) => {
    const ok = await confirmAction({ title: t('admin.users.block'), message: t('admin.users.blockConfirm', { name: user.name }), confirmText: t('admin.users.block'), destructive: true });
    if (ok) await change(user, { blocked: true });
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Page name="adminUsers">
      <form
        className="admin-row"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPage(1);
          setQuery(q.trim());
        }}
      >
        <div className="field">
          <label htmlFor="admin-user-search">{t('admin.users.search')}</label>
          <input id="admin-user-search" type="search" value={q} placeholder={t('admin.users.searchPlaceholder')} onChange={(e) => setQ(e.target.value)} data-testid="admin-user-search" />
        </div>
        <Button type="submit" size="small">
          {t('admin.users.search')}
        </Button>
      </form>
      <FormAlert message={action.error ?? (loadError ? errorText(loadError, t) : null)} />
      {!data && <Loading />}
      {data && <p className="muted">{t('admin.users.total', { count: data.total })}</p>}
      {data && data.users.length === 0 && <p className="muted">{t('admin.users.empty')}</p>}
      {data && data.users.length > 0 && (
        <div className="cf-table-wrap">
          <table className="admin-table" data-testid="admin-users">
            <thead>
              <tr>
                <th scope="col">{t('admin.users.name')}</th>
                <th scope="col">{t('admin.users.email')}</th>
                <th scope="col">{t('admin.users.status')}</th>
                <th scope="col">{t('admin.users.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((u) => {
                const isAdmin = can(u.roles, 'admin.access');
                return (
                  <tr key={u.id} data-testid={`admin-user-${u.id}`}>
                    <td>{u.name}</td>
                    <td>{u.email}</td>
                    <td>
                      {isAdmin && <span className="badge">{t('admin.users.admin')}</span>}
                      <span className="badge">{u.blockedAt ? t('admin.users.blocked') : t('admin.users.active')}</span>
                    </td>
                    <td className="admin-actions">
                      <Button size="small" disabled={busy} onClick={() => change(u, { admin: !isAdmin })} data-testid="admin-toggle-admin">
                        {isAdmin ? t('admin.users.revoke') : t('admin.users.grant')}
                      </Button>
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => void (u.blockedAt ? change(u, { blocked: false }) : block(u))}
                        data-testid="admin-toggle-block"
                      >
                        {u.blockedAt ? t('admin.users.unblock') : t('admin.users.block')}
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 && (
        <nav className="blog-pager">
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            ←
          </Button>
          <span>
            {page} / {pages}
          </span>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            →
          </Button>
        </nav>
      )}
    </Page>
  );
}
