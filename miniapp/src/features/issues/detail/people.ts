// Names of people met anywhere on the page (members, picker results, authors), so activity rows
// and user-type custom fields, which store ids, can show names.
import type { UserRef } from '@tracker/shared/api/common';
import type { TFunction } from 'i18next';

const names = new Map<number, string>();

export function rememberUsers(users: readonly (UserRef | null | undefined)[]) {
  for (const u of users) if (u) names.set(u.id, u.name);
}

export const userName = (id: number): string | undefined => names.get(id);

/** A person a form holds by id, as a picker shows them: the name met, else "User #id". */
export const userRef = (id: number | null, t: TFunction): UserRef | null => (id ? { id, name: userName(id) ?? t('issues.common.userN', { id }) } : null);
