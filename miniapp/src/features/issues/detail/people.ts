// Names of people by id, for activity rows and user-type custom fields, which store ids: from the
// client store's users (everyone in my projects).
import type { UserRef } from '@tracker/shared/api/common';
import type { TFunction } from 'i18next';
import { syncState } from '../../../store/index.ts';

export const userName = (id: number): string | undefined => syncState().users[id]?.name;

/** A person a form holds by id, as a picker shows them: the name known, else "User #id". */
export const userRef = (id: number | null, t: TFunction): UserRef | null => (id ? { id, name: userName(id) ?? t('issues.common.userN', { id }) } : null);
