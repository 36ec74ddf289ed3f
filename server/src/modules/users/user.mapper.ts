import type { User as UserDto } from '@tracker/shared/api/users';
import { isLocale } from '@tracker/shared/locales';
import type { User } from './user.entity.ts';

/** Avatars are immutable files named by a random key; the 128 px one is the default. */
export function avatarUrl(key: string | null | undefined, size: 64 | 128 | 256 = 128): string | null {
  return key ? `/api/avatars/${key}-${size}.webp` : null;
}

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email ?? null,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    pending_email: user.pendingEmail ?? null,
    phone: user.phone ?? null,
    phone_confirmed_at: user.phoneConfirmedAt?.toISOString() ?? null,
    roles: user.roles ?? [],
    locale: isLocale(user.locale) ? user.locale : 'ru',
    avatar_url: avatarUrl(user.avatarKey),
    telegram_id: user.telegramId ?? null,
    time_zone: user.timeZone ?? null,
    created_at: user.createdAt.toISOString(),
  };
}
