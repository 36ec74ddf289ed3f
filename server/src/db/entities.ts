import { SessionSchema } from '../modules/auth/session.entity.ts';
import { RedirectSchema } from '../modules/navigation/redirect.entity.ts';
import { UserSchema } from '../modules/users/user.entity.ts';

export const entities = [UserSchema, SessionSchema, RedirectSchema];
