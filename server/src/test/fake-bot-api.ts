// A local Bot API peer for tests: speaks Telegram's JSON over HTTP (`/bot<token>/<method>`),
// records every call, and answers 429 with retry_after when told to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BotApiCall {
  method: string;
  payload: Record<string, any>;
  at: number;
}

export const FAKE_BOT_INFO = {
  id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot', can_join_groups: true, can_read_all_group_messages: false,
  supports_inline_queries: true, can_connect_to_business: false, has_main_web_app: true,
};

export class FakeBotApi {
  readonly calls: BotApiCall[] = [];
  url = '';
  private server: Server | null = null;
  private throttles = new Map<string, number[]>();
  private messageId = 100;
  private listeners: (() => void)[] = [];

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const method = req.url!.split('/').pop()!;
        const payload = body ? JSON.parse(body) : {};
        this.calls.push({ method, payload, at: Date.now() });
        res.setHeader('content-type', 'application/json');
        const retryAfter = this.throttles.get(method)?.shift();
        if (retryAfter !== undefined) {
          res.statusCode = 429;
          res.end(JSON.stringify({ ok: false, error_code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } }));
        } else {
          res.end(JSON.stringify({ ok: true, result: this.result(method, payload) }));
        }
        for (const l of this.listeners) l();
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  private result(method: string, payload: Record<string, any>): unknown {
    if (method === 'getMe') return FAKE_BOT_INFO;
    if (method === 'sendMessage' || method === 'editMessageText') {
      this.messageId += 1;
      return { message_id: payload.message_id ?? this.messageId, date: Math.floor(Date.now() / 1000), chat: { id: payload.chat_id, type: 'private' }, text: payload.text };
    }
    return true;
  }

  /** The next `count` calls of `method` are answered 429 with this retry_after (seconds). */
  throttle(method: string, retryAfter: number, count = 1) {
    this.throttles.set(method, [...(this.throttles.get(method) ?? []), ...Array(count).fill(retryAfter)]);
  }

  of(method: string) {
    return this.calls.filter((c) => c.method === method);
  }

  /** Resolves once a recorded call matches (polls on each new call), or fails after `ms`. */
  waitFor(match: (c: BotApiCall) => boolean, ms = 10_000): Promise<BotApiCall> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.calls.find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching Bot API call within ${ms} ms; calls: ${this.calls.map((c) => c.method).join(', ')}`));
      }, ms);
      const listener = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
      };
      this.listeners.push(listener);
      check();
    });
  }

  async close() {
    await new Promise((r) => this.server?.close(r));
  }
}
