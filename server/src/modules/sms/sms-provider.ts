// The contract every SMS provider meets. Its own file so that providers (smsru.ts) and the factory
// that picks one (sms.ts) both depend on it instead of on each other.

export interface SmsProvider {
  readonly name: string;
  /** Resolves when the provider accepted the message; rejects with SmsError otherwise. */
  send(phone: string, text: string, meta?: { code?: string }): Promise<void>;
}

export class SmsError extends Error {
  readonly providerCode: string | number | undefined;
  constructor(message: string, providerCode?: string | number) {
    super(message);
    this.name = 'SmsError';
    this.providerCode = providerCode;
  }
}
