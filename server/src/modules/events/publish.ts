import type { EntityManager } from '@mikro-orm/postgresql';
import type { LiveEvent } from '@tracker/shared/api/events';
import { notifyChannel } from './events.repository.ts';

export const EVENTS_CHANNEL = 'tracker_events';

/**
 * Publishes a live event through PostgreSQL NOTIFY, so every server instance hears it. Inside a
 * transaction the notification is delivered only on commit: a rolled-back change sends nothing.
 */
export async function publishEvent(em: EntityManager, event: Omit<LiveEvent, 'at'>): Promise<void> {
  const payload: LiveEvent = { ...event, at: new Date().toISOString() };
  await notifyChannel(em, EVENTS_CHANNEL, JSON.stringify(payload));
}
