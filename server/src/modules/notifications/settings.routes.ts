import Router from '@koa/router';
import type { EntityManager } from '@mikro-orm/postgresql';
import { account } from '@tracker/shared/api/contract/session';
import type { NotificationSettingsResponse } from '@tracker/shared/api/notifications';
import { fieldError } from '@tracker/shared/domain-errors';
import { DEFAULT_TIME_ZONE } from '@tracker/shared/limits';
import { requireUser } from '../../http/access.ts';
import { route } from '../../http/route.ts';
import { DEFAULT_DIGEST_TIME, isTimeZone, toTime } from './quiet-hours.ts';
import { saveSettings, settingsOf } from './settings.repository.ts';

const toMinutes = (t: string | null) => (t == null ? null : Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)));

/** `GET/PUT /api/user/notification-settings`: the signed-in user's Telegram notification settings. */
export function notificationSettingsRoutes(deps: { em: () => EntityManager }) {
  const router = new Router();

  async function load(userId: number): Promise<NotificationSettingsResponse> {
    const row = await settingsOf(deps.em(), userId);
    return {
      settings: {
        assigned: row?.assigned ?? true,
        mentioned: row?.mentioned ?? true,
        statusChanged: row?.status_changed ?? true,
        dueSoon: row?.due_soon ?? true,
        assignedComments: row?.assigned_comments ?? true,
        digestEnabled: row?.digest_enabled ?? false,
        digestTime: toTime(row?.digest_time ?? DEFAULT_DIGEST_TIME),
        quietFrom: row?.quiet_from == null ? null : toTime(row.quiet_from),
        quietTo: row?.quiet_to == null ? null : toTime(row.quiet_to),
        timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
      },
      telegramLinked: !!row?.linked,
      telegramUnreachableSince: row?.linked && row.unreachable_at ? new Date(row.unreachable_at).toISOString() : null,
    };
  }

  route(router, account.notificationSettings, async (ctx) => {
    ctx.body = await load(requireUser(ctx).id);
  });

  route(router, account.updateNotificationSettings, async (ctx, input) => {
    const user = requireUser(ctx);
    const s = await input.body();
    if (!isTimeZone(s.timeZone)) throw fieldError('timeZone', 'validation.invalid');
    await saveSettings(deps.em(), user.id, { ...s, digestTime: toMinutes(s.digestTime)!, quietFrom: toMinutes(s.quietFrom), quietTo: toMinutes(s.quietTo) });
    ctx.body = await load(user.id);
  });
  return router;
}
