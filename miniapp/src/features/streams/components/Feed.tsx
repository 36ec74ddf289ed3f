import type { StreamFeedItem } from '@tracker/shared/api/streams';
import { Button } from '../../../components/Button.tsx';
import { Markdown } from '../../../components/Markdown.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { useHref, useLocale } from '../../../lib/use-locale.ts';
import { confirmAction } from '../../../platform/confirm.ts';
import { streamsApi, type StreamUpdateItem } from '../api.ts';
import { sortFeed } from '../model.ts';
import { HealthBadge } from './Badges.tsx';
import { useServerAction } from '../../../lib/use-server-action.ts';
import { UpdateForm } from './UpdateForm.tsx';
import { formatDateTime } from '../../../lib/dates.ts';

export function Composer({ streamId, onPosted }: { streamId: number; onPosted: () => void }) {
  return (
    <UpdateForm
      composer
      initial={{ body: '', health: 'on_track' }}
      onSave={async (values) => {
        await streamsApi.post(streamId, values);
        onPosted();
      }}
    />
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
  const [editing, setEditing] = useState(false);
  const removing = useServerAction();

  const remove = async () => {
    if (!(await confirmAction({ message: t('streams.feed.deleteTitle'), confirmText: t('streams.feed.delete'), destructive: true }))) return;
    await removing.run(async () => {
      await streamsApi.deletePost(item.id);
      onChanged();
    });
  };

  return (
    <li className="feed__update" data-testid="feed-update" data-health={item.health}>
      <div className="feed__head">
        <strong>{item.author?.name ?? t('streams.feed.formerMember')}</strong>
        <HealthBadge health={item.health} testId="feed-update-health" />
        <When at={item.createdAt} />
      </div>
      {editing ? (
        <UpdateForm
          initial={{ body: item.body, health: item.health }}
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            await streamsApi.editPost(item.id, values);
            setEditing(false);
            onChanged();
          }}
        />
      ) : (
        // Sanitised on the server (markdown-it without raw HTML).
        <Markdown html={item.bodyHtml} className="feed__body prose" />
      )}
      {mine && !editing && (
        <div className="feed__tools">
          <Button size="small" onClick={() => setEditing(true)} data-testid="feed-update-edit">
            {t('streams.feed.edit')}
          </Button>
          <Button variant="danger-secondary" size="small" disabled={removing.pending} onClick={() => void remove()} data-testid="feed-update-delete">
            {t('streams.feed.delete')}
          </Button>
        </div>
      )}
      {!editing && <FormAlert message={removing.error} />}
    </li>
  );
}
