// SMS delivery behind one interface: `console` for development (the code goes to the log and to
// DATA_DIR/outbox/sms.log) and SMS.ru, a provider of the Russian market, for production.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.ts';
import type { SmsProvider } from './sms-provider.ts';
import { createSmsRuProvider } from './smsru.ts';

export { SmsError, type SmsProvider } from './sms-provider.ts';

export function consoleSmsProvider(logger: Logger, dataDir: string): SmsProvider {
  const file = path.join(dataDir, 'outbox', 'sms.log');
  return {
    name: 'console',
    async send(phone, text, meta = {}) {
      // Development only: the code is what a developer needs to finish the flow.
      const line = `SMS to ${phone}: ${meta.code ?? text}`;
      logger.info({ phone, text }, line);
      await mkdir(path.dirname(file), { recursive: true });
      await appendFile(file, `${new Date().toISOString()} ${line}\n`);
    },
  };
}

export interface SmsConfig {
  SMS_PROVIDER: 'console' | 'smsru';
  SMS_API_KEY?: string | undefined;
  SMS_API_URL?: string | undefined;
  SMS_SENDER?: string | undefined;
  DATA_DIR: string;
}

export function createSmsProvider(config: SmsConfig, logger: Logger): SmsProvider {
  if (config.SMS_PROVIDER === 'smsru') {
    return createSmsRuProvider({ apiKey: config.SMS_API_KEY ?? '', baseUrl: config.SMS_API_URL ?? 'https://sms.ru', sender: config.SMS_SENDER });
  }
  return consoleSmsProvider(logger, config.DATA_DIR);
}
