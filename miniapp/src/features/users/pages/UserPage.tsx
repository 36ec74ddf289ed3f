// /user/{id} — another user's public page: name, avatar, projects in common; 404 for an unknown id.
import { buildPath } from '@tracker/shared/routes';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { refusalOf } from '../../../lib/error-text.ts';
import { useQuery } from '../../../lib/query.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { accountApi } from '../../../lib/api/account.ts';
import { Avatar } from '../components/Avatar.tsx';
import '../../../styles/account.css';

export default function UserPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { id = '' } = useRouteParams();
  const n = Number(id);
  const valid = Number.isInteger(n) && n > 0;
  const { data, error } = useQuery(valid ? ['users', 'public', n] : null, () => accountApi.publicUser(n));
  // A refusal cached from an earlier visit is asked again first: thrown at once, the error page
  // would keep showing it without asking.
  const earlier = useRef({ n, error });
  if (earlier.current.n !== n) earlier.current = { n, error };
  const refused = error && !data && error !== earlier.current.error ? error : null;
  const status = !valid ? 404 : refused ? (refusalOf(refused)?.status ?? 500) : null;

  // The app's error boundary shows its error page for a thrown statusCode (404 for an unknown id).
  if (status) throw Object.assign(new Error(status === 404 ? 'Page not found' : 'Internal Server Error'), { statusCode: status === 404 ? 404 : 500 });
  if (!data) return <Page name="user"><Loading /></Page>;
  return (
    <Page name="user" title={data.user.name}>
      <div className="profile-card">
        <Avatar name={data.user.name} url={data.user.avatar_url} large />
      </div>
      <h2>{t('account.user.commonProjects')}</h2>
      {data.commonProjects.length === 0 ? (
        <p className="muted">{t('account.user.noCommonProjects')}</p>
      ) : (
        <ul data-testid="common-projects">
          {data.commonProjects.map((p) => (
            <li key={p.id}>
              <Link href={buildPath('project', { id: p.id }, locale)}>
                {p.key} · {p.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
