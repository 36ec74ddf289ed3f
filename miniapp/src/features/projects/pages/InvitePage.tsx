// /invite/:token — what an invite offers, and joining with one press (issue 26). A visitor signs in
// or creates an account first and comes back here; a member already goes straight to the project.
import type { InvitePreview } from '@tracker/shared/api/invites';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button, buttonClass } from '../../../components/Button.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { Page } from '../../../components/Page.tsx';
import { invitesApi } from '../api.ts';
import { toast } from '../../../lib/toasts.ts';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { useRouteParams } from '../../../lib/use-route-params.ts';
import { auth } from '../../../lib/auth.ts';
import { useQuery } from '../../../lib/query.ts';
import '../projects.css';
import { errorText } from '../../../lib/error-text.ts';
import { formatDate } from '../../../lib/dates.ts';

export default function InvitePage() {
  const { t } = useTranslation();
  const token = useRouteParams().token ?? '';
  const preview = useQuery(['invite', token], () => invitesApi.preview(token));
  return (
    <Page name="invite" className="auth projects">
      {preview.data ? <Offer token={token} offer={preview.data} /> : preview.error ? <FormAlert message={errorText(preview.error, t)} /> : <Loading />}
      {!preview.data && !preview.loading && <p className="muted">{t('projects.invitePage.askOwner')}</p>}
    </Page>
  );
}

function Offer({ token, offer }: { token: string; offer: InvitePreview }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const href = useHref();
  const [location, navigate] = useLocation();
  const { user } = useSnapshot(auth.state);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const projectHref = href('project', { id: offer.project.key });
  const until = formatDate(offer.expiresAt, locale, { dateStyle: 'long' });
  const back = `?redirect=${encodeURIComponent(location)}`;

  async function join() {
    setPending(true);
    setError(null);
    try {
      const { project } = await invitesApi.accept(token);
      toast({ title: t('projects.invitePage.joined', { name: project.name }), color: 'success' });
      navigate(href('project', { id: project.key }), { replace: true });
    } catch (err) {
      setError(errorText(err, t));
      setPending(false);
    }
  }

  return (
    <div className="invite" data-testid="invite-offer">
      <p className="muted">{offer.invitedBy ? t('projects.invitePage.invitedBy', { name: offer.invitedBy }) : t('projects.invitePage.invited')}</p>
      <h2>
        {offer.project.name} <span className="muted">{offer.project.key}</span>
      </h2>
      <p>{t(`projects.invitePage.role.${offer.role}`)}</p>
      <p className="muted">{t('projects.invitePage.until', { date: until })}</p>
      <FormAlert message={error} />
      {!user ? (
        <>
          <p>{t('projects.invitePage.signInFirst')}</p>
          <p className="inline-actions">
            <Link href={href('login') + back} className={buttonClass({ variant: 'primary' })} data-testid="invite-sign-in">
              {t('projects.invitePage.signIn')}
            </Link>
            <Link href={href('register') + back} className={buttonClass({ variant: 'secondary' })} data-testid="invite-register">
              {t('projects.invitePage.register')}
            </Link>
          </p>
        </>
      ) : offer.member ? (
        <p className="inline-actions">
          <span role="status">{t('projects.invitePage.member')}</span>
          <Link href={projectHref} className={buttonClass({ variant: 'primary' })} data-testid="invite-open">
            {t('projects.invitePage.open')}
          </Link>
        </p>
      ) : (
        <Button variant="primary" size="large" stretched loading={pending} onClick={join} data-testid="invite-join">
          {t('projects.invitePage.join', { name: offer.project.name })}
        </Button>
      )}
    </div>
  );
}
