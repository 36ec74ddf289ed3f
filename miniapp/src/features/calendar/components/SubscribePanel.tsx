// ICS subscriptions: the secret URL is shown once, right after it is made; a feed can be revoked.
import { FEED_SCOPES } from '@tracker/shared/api/calendar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../../components/Button.tsx';
import { useQuery } from '../../../lib/query.ts';
import { toast } from '../../../lib/toasts.ts';
import { calendarApi, type CreatedFeed, type Feed, type FeedScope, type ProjectSummary, type StreamSummary } from '../api.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useServerForm } from '../../../lib/use-server-form.ts';
import { confirmAction } from '../../../platform/confirm.ts';

/** What the form holds: the target as its select gives it ('' until chosen, for a project or a stream). */
const feedForm = z
  .object({ scope: z.enum(FEED_SCOPES), scopeId: z.string() })
  .refine((f) => f.scope === 'user' || f.scopeId !== '', { path: ['scopeId'], message: 'validation.required' });

interface Props {
  projects: readonly ProjectSummary[];
  streams: readonly StreamSummary[];
  formatDate: (iso: string) => string;
}

export function SubscribePanel({ projects, streams, formatDate }: Props) {
  const { t } = useTranslation();
  const asked = useQuery(['calendar', 'feeds'], () => calendarApi.feeds().then((r) => r.feeds));
  const { data: feeds, setData: setFeeds } = asked;
  const form = useServerForm(feedForm, { scope: 'user', scopeId: '' });
  const [scope, scopeId] = form.watch(['scope', 'scopeId']);
  const busy = form.formState.isSubmitting;
  const error = form.errorFor('scopeId') ?? form.formError;
  const [created, setCreated] = useState<CreatedFeed | null>(null);
  const [copied, setCopied] = useState(false);
  const loadError = asked.error ? errorText(asked.error, t) : null;

  const scopeName = (feed: Feed) => {
    if (feed.scope === 'user') return t('calendar.feeds.personal');
    if (feed.scope === 'project') {
      const p = projects.find((x) => x.id === feed.scopeId);
      return t('calendar.feeds.projectFeed', { name: p ? `${p.key} · ${p.name}` : `#${feed.scopeId}` });
    }
    const s = streams.find((x) => x.id === feed.scopeId);
    return t('calendar.feeds.streamFeed', { name: s ? s.name : `#${feed.scopeId}` });
  };

  const submit = form.submit(async (f) => {
    const result = await calendarApi.createFeed(f.scope, f.scope === 'user' ? null : Number(f.scopeId));
    setCreated(result);
    setCopied(false);
    setFeeds((list) => [result.feed, ...(list ?? [])]);
  });

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.url);
      setCopied(true);
    } catch {
      // Clipboard access can be refused (insecure context, permissions): select the text instead.
      (document.getElementById('cal-feed-url') as HTMLInputElement | null)?.select();
    }
  };

  const revoke = async (feed: Feed) => {
    const ok = await confirmAction({
      title: t('calendar.feeds.revokeTitle'),
      message: t('calendar.feeds.revokeText', { name: scopeName(feed) }),
      confirmText: t('calendar.feeds.revoke'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await calendarApi.revokeFeed(feed.id);
      setFeeds((list) => (list ?? []).filter((f) => f.id !== feed.id));
      if (created?.feed.id === feed.id) setCreated(null);
      toast({ title: t('calendar.feeds.revoked'), color: 'success' });
    } catch (err) {
      toast({ title: t('calendar.feeds.revokeFailed'), description: errorText(err, t), color: 'error' });
    }
  };

  return (
    <section className="cal-subscribe" data-testid="cal-subscribe" aria-labelledby="cal-subscribe-title">
      <h2 id="cal-subscribe-title">{t('calendar.feeds.title')}</h2>
      <p className="muted">{t('calendar.feeds.intro')}</p>

      <form className="cal-subscribe__form" onSubmit={submit} aria-busy={busy} noValidate>
        <div className="field">
          <label htmlFor="cal-feed-scope">{t('calendar.feeds.scope')}</label>
          <select
            id="cal-feed-scope"
            className="cal-select"
            value={scope}
            data-testid="cal-feed-scope"
            onChange={(e) => {
              form.setValue('scope', e.target.value as FeedScope);
              form.setValue('scopeId', '');
              form.clearErrors();
            }}
          >
            <option value="user">{t('calendar.feeds.personal')}</option>
            <option value="project">{t('calendar.feeds.project')}</option>
            <option value="stream">{t('calendar.feeds.stream')}</option>
          </select>
        </div>
        {scope !== 'user' && (
          <div className={`field${error ? ' field--error' : ''}`}>
            <label htmlFor="cal-feed-target">{scope === 'project' ? t('calendar.feeds.project') : t('calendar.feeds.stream')}</label>
            <select id="cal-feed-target" className="cal-select" value={scopeId} data-testid="cal-feed-target" onChange={(e) => form.setValue('scopeId', e.target.value, { shouldValidate: form.formState.isSubmitted })}>
              <option value="">{t('calendar.feeds.choose')}</option>
              {scope === 'project'
                ? projects.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.key} · {p.name}
                    </option>
                  ))
                : streams.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
            </select>
          </div>
        )}
        <Button type="submit" variant="primary" size="small" disabled={busy} data-testid="cal-feed-create">
          {t('calendar.feeds.create')}
        </Button>
      </form>
      {error && (
        <p role="alert" className="form-alert" data-testid="cal-feed-error">
          {error}
        </p>
      )}

      {created && (
        <div className="cal-subscribe__created" data-testid="cal-feed-created" role="status">
          <p className="cal-subscribe__once">{t('calendar.feeds.shownOnce')}</p>
          <div className="field">
            <label htmlFor="cal-feed-url">{t('calendar.feeds.url')}</label>
            <div className="cal-subscribe__url">
              <input id="cal-feed-url" readOnly value={created.url} data-testid="cal-feed-url" onFocus={(e) => e.target.select()} />
              <Button size="small" onClick={copy} data-testid="cal-feed-copy">
                {copied ? t('calendar.feeds.copied') : t('calendar.feeds.copy')}
              </Button>
            </div>
          </div>
          <details className="cal-subscribe__help">
            <summary>{t('calendar.feeds.howTo')}</summary>
            <h3>{t('calendar.feeds.googleTitle')}</h3>
            <p>{t('calendar.feeds.google')}</p>
            <h3>{t('calendar.feeds.appleTitle')}</h3>
            <p>{t('calendar.feeds.apple')}</p>
            <p className="muted">{t('calendar.feeds.secret')}</p>
          </details>
        </div>
      )}

      <h3>{t('calendar.feeds.mine')}</h3>
      {loadError && <p role="alert" className="form-alert">{loadError}</p>}
      {feeds && !feeds.length && <p className="muted">{t('calendar.feeds.none')}</p>}
      {feeds && feeds.length > 0 && (
        <ul className="cal-feeds" data-testid="cal-feeds">
          {feeds.map((feed) => (
            <li key={feed.id} data-testid={`cal-feed-${feed.id}`}>
              <span>
                <strong>{scopeName(feed)}</strong> <span className="muted">{t('calendar.feeds.createdAt', { date: formatDate(feed.createdAt) })}</span>
              </span>
              <Button size="small" data-testid={`cal-feed-revoke-${feed.id}`} onClick={() => void revoke(feed)}>
                {t('calendar.feeds.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
