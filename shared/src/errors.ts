import { z } from 'zod';

/** The one error body of every API response (spec §3: clients read data.statusMessage too). */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  statusMessage: z.string(),
  data: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable machine codes carried in `data.code`, so clients can translate. */
export const ERROR_CODES = [
  'validation',
  'not_found',
  'unauthorized',
  'forbidden',
  'csrf',
  'rate_limited',
  'invalid_credentials',
  'email_taken',
  'payload_too_large',
  /** A body in a content type or encoding the call does not read. */
  'unsupported_media_type',
  'method_not_allowed',
  'internal',
  'unavailable',
  /** The database is out of reach for a moment (restarting): retry after the `Retry-After` header. */
  'service_unavailable',
  'key_taken',
  'project_archived',
  'last_owner',
  'last_status',
  'conflict',
  /** A custom field's type cannot change while issues hold values of it. */
  'field_type_locked',
  /** Accounts: a wrong, expired or burned SMS code. */
  'invalid_code',
  'token_invalid',
  'token_expired',
  'token_used',
  'wrong_password',
  'invalid_image',
  'sms_failed',
  /** Sign-in refused: an admin blocked the account. */
  'account_blocked',
  /** Telegram init data or Login Widget data refused; the body's `error` says why. */
  'telegram_auth_failed',
  /** Sign-in attempts for an account from this client are delayed (Retry-After); a known device is not. */
  'login_throttled',
  /** A new password below the strength rule (`shared/src/passwords.ts`); `data` carries the reason. */
  'weak_password',
  /** A stale edit: a field it changes was changed since its base version; `data` has the current issue. */
  'edit_conflict',
  /** A list cursor the server did not make, or made for another sort or order: start from page 1. */
  'invalid_cursor',
  /** A sync position the change log no longer reaches (pruned), or one it never had: bootstrap again. */
  'sync_expired',
  /** A read-only API token on a call that changes something. */
  'token_scope',
  /** A call an API token may not make (managing tokens, signing in or out, account security): it needs a session. */
  'session_required',
  /** The session is another user's than the caller says it holds (`X-Session-User`): another account signed in on the device. */
  'session_changed',
  /** A name already used in its scope (an issue template in its project), case-insensitively. */
  'name_taken',
  /** An import file its format cannot read (wrong format, encoding, a missing column, too many rows); `data.reason` says which. */
  'import_invalid',
  /** The caller's imports waiting to run already hold IMPORT_USER_STORED_MAX_BYTES of files: wait for them to finish. */
  'import_quota',
  /** An invite past its expiry, revoked by an owner, or with all its uses taken (issue 26). */
  'invite_expired',
  'invite_revoked',
  'invite_used_up',
  /** Unlinking Telegram from an account that has no other way to sign in (no e-mail with a password). */
  'telegram_only_sign_in',
  /** A triage action on an issue that has left Triage (someone acted first). */
  'not_in_triage',
  /** A call that needs the caller's Telegram account (sharing to a chat) from an account without one. */
  'telegram_not_linked',
  /** A Telegram feature on a server that runs no bot (TELEGRAM_MODE=off or no token). */
  'telegram_not_configured',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
