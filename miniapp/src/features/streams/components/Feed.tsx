import type { StreamFeedItem, StreamHealth } from '@tracker/shared/api/streams';
import { STREAM_HEALTH } from '@tracker/shared/api/values/streams';
import { Button } from '../../../components/Button.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { streamsApi, type StreamUpdateItem } from '../api.ts';
import { sortFeed } from '../model.ts';
import { HealthBadge } from './Badges.tsx';
import { haptic, useMainButton } from '../../../platform/use-main-button.ts';
import { useUnsavedChanges } from '../../../platform/unsaved-changes.ts';
import { errorText } from '../../../lib/error-text.ts';
import { formatDateTime } from '../../../lib/dates.ts';

/** Health choice as a radio group (text labels, not colour alone). */
function HealthChoice({ value, onChange, name }: { value: StreamHealth; onChange: (h: StreamHealth) => void; name: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="health-choice">
      <legend>{t('streams.feed.health')}</legend>
      {STREAM_HEALTH.map((h) => (
        <label key={h} className={`health-opt health--${h}`}>
          <input type="radio" name={name} value={h} checked={value === h} onChange={() => onChange(h)} data-testid={`health-${h}`} />
          {t(`streams.health.${h}`)}
        </label>
      ))}
    </fieldset>
  );
}

export function Composer({ streamId, onPosted }: { streamId: number; onPosted: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [health, setHealth] = useState<StreamHealth>('on_track');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Inside Telegram a written update is posted with the MainButton; closing asks first.
  const written = body.trim() !== '';
  useMainButton(written ? { text: t('streams.feed.post'), loading: pending, enabled: !pending } : null, () => form.current?.requestSubmit());
  useUnsavedChanges(written);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim() || pending) return;
    setPending(true);
    setError(null);
    try {
      await streamsApi.post(streamId, { body, health });
      setBody('');
      haptic('success');
      onPosted();
    } catch (err) {
      haptic('error');
      setError(errorText(err, t));
    } finally {
      setPending(false);
    }
  };

  return (
    <form ref={form} className="composer" onSubmit={submit} data-testid="stream-composer">
      <FormAlert message={error} />
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('streams.feed.newUpdate')}</label>
        <textarea id={`${id}-body`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} placeholder={t('streams.feed.placeholder')} data-testid="stream-update-body" />
        <p className="field__hint">{t('streams.feed.markdown')}</p>
      </div>
      <HealthChoice value={health} onChange={setHealth} name={`${id}-health`} />
      <div className="actions">
        <Button type="submit" variant="primary" size="small" disabled={!body.trim() || pending} data-testid="stream-update-post">
          {t('streams.feed.post')}
        </Button>
      </div>
    </form>
  );
}

export function Feed({ items, meId, onChanged }: { items: readonly StreamFeedItem[]; meId: number | null; onChanged: () => void }) {
  const { t } = useTranslation();
  if (!items.length) return <p className="muted">{t('streams.feed.empty')}</p>;
  return (
    <ol className="feed" data-testid="stream-feed">
      {sortFeed(items).map((item) =>
        item.kind === 'update' ? (
          <UpdateItem key={`u${item.id}`} item={item} mine={meId !== null && item.author?.id === meId} onChanged={onChanged} />
        ) : (
          <EventItem key={`e${item.id}-${item.event}`} item={item} />
        ),
      )}
    </ol>
  );
}

function When({ at }: { at: string }) {
  const locale = useLocale();
  return (
    <time dateTime={at} className="muted small">
      {formatDateTime(at, locale)}
    </time>
  );
}

function EventItem({ item }: { item: Extract<StreamFeedItem, { kind: 'event' }> }) {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <li className={`feed__event feed__event--${item.event}`} data-testid="feed-event" data-event={item.event}>
      <span>
        {t(`streams.feed.events.${item.event}`, { actor: item.actor?.name ?? '' })}{' '}
        <Link href={href('issue', { id: item.issue.key })} className="key">
          {item.issue.key}
        </Link>{' '}
        {item.issue.title}
      </span>
      <When at={item.createdAt} />
    </li>
  );
}

function UpdateItem({ item, mine, onChanged }: { item: StreamUpdateItem; mine: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(item.body);
  const [health, setHealth] = useState<StreamHealth>(item.health);
  const [error, setError] = useState<string | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await streamsApi.editPost(item.id, { body, health });
      setEditing(false);
      onChanged();
    } catch (err) {
      setError(errorText(err, t));
    }
  };

  const remove = async () => {
    if (!(await confirmAction({ message: t('streams.feed.deleteTitle'), confirmText: t('streams.feed.delete'), destructive: true }))) return;
    setError(null);
    streamsApi.deletePost(item.id).then(onChanged, (err: unknown) => setError(errorText(err, t)));
  };

  return (
    <li className="feed__update" data-testid="feed-update" data-health={item.health}>
      <div className="feed__head">
        <strong>{item.author?.name ?? t('streams.feed.formerMember')}</strong>
        <HealthBadge health={item.health} testId="feed-update-health" />
        <When at={item.createdAt} />
      </div>
      {editing ? (
        <form onSubmit={save} className="composer">
          <FormAlert message={error} />
          <label htmlFor={`${id}-edit`} className="visually-hidden">
            {t('streams.feed.editLabel')}
          </label>
          <textarea id={`${id}-edit`} rows={3} value={body} onChange={(e) => setBody(e.target.value)} />
          <HealthChoice value={health} onChange={setHealth} name={`${id}-health`} />
          <div className="actions">
            <Button type="submit" variant="primary" size="small" disabled={!body.trim()}>
              {t('streams.feed.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(false)}>
              {t('streams.dialog.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        // Sanitised on the server (markdown-it without raw HTML).
        <Markdown html={item.bodyHtml} className="feed__body prose" />
      )}
      {mine && !editing && (
        <div className="feed__tools">
          <Button size="small" onClick={() => setEditing(true)} data-testid="feed-update-edit">
            {t('streams.feed.edit')}
          </Button>
          <Button variant="danger-secondary" size="small" onClick={() => void remove()} data-testid="feed-update-delete">
            {t('streams.feed.delete')}
          </Button>
        </div>
      )}
      {!editing && error && <FormAlert message={error} />}
    </li>
  );
}
