import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notificationSettingsSchema, type NotificationSettings, type NotificationSettingsResponse } from '@tracker/shared/api/notifications';
import { requireUser } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import { parse } from '../../http/validate.ts';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { isTimeZone } from './quiet-hours.ts';

const toTime = (m: number | null) => (m == null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const toMinutes = (t: string | null) => (t == null ? null : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));

/** `GET/PUT /api/user/notification-settings`: the signed-in user's Telegram notification settings. */
export function notificationSettingsRoutes(deps: { em: () => EntityManager }) {
  const router = new Router({ prefix: '/api/user' });

  async function load(userId: number): Promise<NotificationSettingsResponse> {
    const [row] = await deps.em().execute<Record<string, any>[]>(
      `select u.telegram_id is not null as linked, ns.* from users u left join notification_settings ns on ns.user_id = u.id where u.id = ?`,
      [userId],
    );
    const settings: NotificationSettings = {
      assigned: row?.assigned ?? true,
      mentioned: row?.mentioned ?? true,
      statusChanged: row?.status_changed ?? true,
      dueSoon: row?.due_soon ?? true,
      quietFrom: toTime(row?.quiet_from ?? null),
      quietTo: toTime(row?.quiet_to ?? null),
      timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
    };
    return { settings, telegramLinked: !!row?.linked };
  }

  router.get('/notification-settings', async (ctx) => {
    ctx.body = await load(requireUser(ctx).id);
  });

  router.put('/notification-settings', async (ctx) => {
    const user = requireUser(ctx);
    const s = parse(notificationSettingsSchema, ctx.request.body);
    if (!isTimeZone(s.timeZone)) {
      throw new HttpError(400, 'Validation failed', 'validation', { issues: [{ path: ['timeZone'], message: 'validation.invalid', code: 'custom' }] });
    }
    await deps.em().execute(
      `insert into notification_settings (user_id, assigned, mentioned, status_changed, due_soon, quiet_from, quiet_to, time_zone)
       values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (user_id) do update set assigned = excluded.assigned, mentioned = excluded.mentioned, status_changed = excluded.status_changed,
         due_soon = excluded.due_soon, quiet_from = excluded.quiet_from, quiet_to = excluded.quiet_to, time_zone = excluded.time_zone, updated_at = now()`,
      [user.id, s.assigned, s.mentioned, s.statusChanged, s.dueSoon, toMinutes(s.quietFrom), toMinutes(s.quietTo), s.timeZone],
    );
    ctx.body = await load(user.id);
  });
  return router;
}
