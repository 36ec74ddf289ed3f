import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationSettingsSchema, type NotificationSettingsResponse } from '@tracker/shared/api/notifications';
import { fieldError } from '@tracker/shared/domain-errors';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { requireUser } from '../../http/access.ts';
import { parse } from '../../http/validate.ts';
import { isTimeZone } from './quiet-hours.ts';
import { saveSettings, settingsOf } from './settings.repository.ts';

const toTime = (m: number | null) => (m == null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const toMinutes = (t: string | null) => (t == null ? null : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));

/** `GET/PUT /api/user/notification-settings`: the signed-in user's Telegram notification settings. */
export function notificationSettingsRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/user' });

  async function load(userId: number): Promise<NotificationSettingsResponse> {
    const row = await settingsOf(deps.em(), userId);
    return {
      settings: {
        assigned: row?.assigned ?? true,
        mentioned: row?.mentioned ?? true,
        statusChanged: row?.status_changed ?? true,
        dueSoon: row?.due_soon ?? true,
        quietFrom: toTime(row?.quiet_from ?? null),
        quietTo: toTime(row?.quiet_to ?? null),
        timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
      },
      telegramLinked: !!row?.linked,
      telegramUnreachableSince: row?.linked && row.unreachable_at ? new Date(row.unreachable_at).toISOString() : null,
    };
  }

  router.get('/notification-settings', async (ctx) => {
    ctx.body = await load(requireUser(ctx).id);
  });

  router.put('/notification-settings', async (ctx) => {
    const user = requireUser(ctx);
    const s = parse(notificationSettingsSchema, ctx.request.body);
    if (!isTimeZone(s.timeZone)) throw fieldError('timeZone', 'validation.invalid');
    await saveSettings(deps.em(), user.id, { ...s, quietFrom: toMinutes(s.quietFrom), quietTo: toMinutes(s.quietTo) });
    ctx.body = await load(user.id);
  });
  return router;
}
