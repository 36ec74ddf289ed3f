import type { User as UserDto } from '@tracker/shared/api/users';
import { isLocale } from '@tracker/shared/locales';
import type { User } from './user.entity.ts';

export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    name: user.name,
    email: user.email ?? null,
    email_confirmed_at: user.emailConfirmedAt?.toISOString() ?? null,
    phone: user.phone ?? null,
    phone_confirmed_at: user.phoneConfirmedAt?.toISOString() ?? null,
    roles: user.roles ?? [],
    locale: isLocale(user.locale) ? user.locale : 'ru',
    created_at: user.createdAt.toISOString(),
  };
}
