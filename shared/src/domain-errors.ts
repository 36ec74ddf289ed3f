// Domain errors: what a service refuses, said in the domain's terms (a kind, a stable code, the i18n
// key of its message), never in a transport's. The server maps them once to HTTP answers
// (server/src/http/errors.ts) and the bot once to its texts (bot/src/context.ts). They live in shared/
// because both the server and the bot read them, and the bot never imports the server.
import type { ErrorCode } from './errors.ts';

export const DOMAIN_ERROR_KINDS = ['invalid', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'rate_limited'] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** One input problem, in the shape of a zod issue: `path` names the field, `message` is an i18n key (`validation.*`). */
export interface FieldIssue {
  path: string[];
  message: string;
  code: string;
}

/** Things that can be missing; each has its text at `errors.notFound.<subject>` in both languages. */
export const NOT_FOUND_SUBJECTS = [
  'issue',
  'project',
  'comment',
  'relation',
  'view',
  'user',
  'member',
  'stream',
  'streamUpdate',
  'customField',
  'feed',
  'post',
  'redirect',
  'redirectHost',
  'inboxItem',
  'apiToken',
  'template',
  'webhook',
  'delivery',
  'timeEntry',
  'import',
  'cycle',
  'milestone',
  'invite',
] as const;
export type NotFoundSubject = (typeof NOT_FOUND_SUBJECTS)[number];

export type MessageParams = Record<string, string | number>;

export interface DomainErrorInit {
  /** The machine code clients read (`data.code`); the kind's generic code by default. */
  code?: ErrorCode;
  /** The message's i18n key, `namespace.path`; `errors.codes.<code>` by default. */
  key?: string;
  /** Placeholders of the message (`count` also picks the plural form). */
  params?: MessageParams;
  /** Extra facts for the client (field issues, the field that conflicts, seconds to wait). */
  data?: Record<string, unknown>;
}

const GENERIC_CODE: Record<DomainErrorKind, ErrorCode> = {
  invalid: 'validation',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  rate_limited: 'rate_limited',
};

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;
  readonly key: string;
  readonly params: MessageParams;
  readonly data: Record<string, unknown> | undefined;
  constructor(kind: DomainErrorKind, init: DomainErrorInit = {}) {
    const code = init.code ?? GENERIC_CODE[kind];
    super(`${kind}: ${code}`);
    this.kind = kind;
    this.code = code;
    this.key = init.key ?? `errors.codes.${code}`;
    this.params = init.params ?? {};
    this.data = init.data;
  }
}

export const notFound = (subject?: NotFoundSubject) => new DomainError('not_found', subject ? { key: `errors.notFound.${subject}` } : {});
export const forbidden = (code?: ErrorCode) => new DomainError('forbidden', { code });
export const unauthorized = () => new DomainError('unauthorized');

/** Input the rules refuse, with one issue per field (`validation` unless a more precise code is given). */
export const invalid = (issues: FieldIssue[], code?: ErrorCode) => new DomainError('invalid', { code, data: { issues } });

/** One field refused, in the shape of zod's validation issues; `message` is a `validation.*` key. */
export const fieldError = (field: string, message: string) => invalid([{ path: field.split('.'), message, code: 'custom' }]);

/** The request clashes with the current state (a taken key, the last owner…); `field` names the input at fault. */
export const conflict = (code: ErrorCode = 'conflict', field?: string) => new DomainError('conflict', { code, data: field ? { field } : undefined });

/** Too many attempts: try again after `retryAfterSec` seconds (also `data.retryAfter`). */
export const rateLimited = (retryAfterSec: number, init: Omit<DomainErrorInit, 'data'> = {}) =>
  new DomainError('rate_limited', { ...init, data: { retryAfter: retryAfterSec } });

export const isDomainError = (err: unknown): err is DomainError => err instanceof DomainError;
