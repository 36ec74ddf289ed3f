// A local Bot API peer for tests: speaks Telegram's JSON over HTTP (`/bot<token>/<method>`), records
// every call, and refuses what Telegram refuses (bot-api-rules.ts): bad HTML, buttons a chat cannot
// have, a second answer to a callback query, an edit that changes nothing, a chat that blocked the
// bot; serves files to download (fake-bot-files.ts); and answers 429 with retry_after when told to.
// Chat members are members unless a test says otherwise (`setMember`), as getChatMember and
// getChatAdministrators answer them.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BotApiRules, type Refusal } from './bot-api-rules.ts';
import { FakeBotFiles } from './fake-bot-files.ts';

export interface BotApiCall {
  method: string;
  payload: Record<string, any>;
  at: number;
  /** Telegram's description when the call was refused. */
  refused?: string;
}

/** A ChatMember as Telegram sends it: administrators carry their rights, the creator its anonymity. */
function chatMember(userId: number, status: MemberStatus) {
  const user = { id: userId, is_bot: false, first_name: `User ${userId}` };
  if (status === 'creator') return { status, user, is_anonymous: false };
  if (status === 'administrator') {
    return { status, user, can_be_edited: false, is_anonymous: false, can_manage_chat: true, can_delete_messages: true, can_manage_video_chats: true, can_restrict_members: true, can_promote_members: false, can_change_info: true, can_invite_users: true, can_post_stories: false, can_edit_stories: false, can_delete_stories: false, can_pin_messages: true, can_manage_topics: true };
  }
  return { status, user };
}

export const FAKE_BOT_INFO = {
  id: 4242, is_bot: true, first_name: 'Tracker', username: 'tracker_test_bot', can_join_groups: true, can_read_all_group_messages: false,
  supports_inline_queries: true, can_connect_to_business: false, has_main_web_app: true,
};

export type MemberStatus = 'creator' | 'administrator' | 'member' | 'left';

export class FakeBotApi {
  readonly calls: BotApiCall[] = [];
  readonly rules = new BotApiRules();
  readonly files = new FakeBotFiles();
  url = '';
  private server: Server | null = null;
  private throttles = new Map<string, number[]>();
  private chatThrottles = new Map<number, number[]>();
  private listeners: (() => void)[] = [];
  private members = new Map<number, Map<number, MemberStatus>>();
  /** Chats seen in updates: forum supergroups with their topics' thread ids, other chats with none. */
  private chats = new Map<number, { forum: boolean; topics: Set<number> }>();
  private nextTopic = 1000;

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (this.files.serve(req, res)) return;
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const method = req.url!.split('/').pop()!;
        let payload: Record<string, any>;
        try {
          payload = body ? JSON.parse(body) : {};
        } catch {
          payload = {};
        }
        const refusal = this.refusal(method, payload);
        this.calls.push({ method, payload, at: Date.now(), ...(refusal ? { refused: refusal.description } : {}) });
        res.setHeader('content-type', 'application/json');
        if (refusal) {
          res.statusCode = refusal.code;
          res.end(JSON.stringify({ ok: false, error_code: refusal.code, description: refusal.description, ...(refusal.parameters ? { parameters: refusal.parameters } : {}) }));
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
    if (method === 'getFile') return this.files.result(payload);
    if (method === 'createForumTopic') {
      const topic = ++this.nextTopic;
      this.chats.get(Number(payload.chat_id))!.topics.add(topic);
      return { message_thread_id: topic, name: payload.name, icon_color: 7322096 };
    }
    if (method === 'getChatMember') return chatMember(Number(payload.user_id), this.members.get(Number(payload.chat_id))?.get(Number(payload.user_id)) ?? 'member');
    if (method === 'getChatAdministrators') {
      const admins = [...(this.members.get(Number(payload.chat_id)) ?? [])].filter(([, status]) => status === 'creator' || status === 'administrator');
      return admins.map(([userId, status]) => chatMember(userId, status));
    }
    return this.rules.apply(method, payload);
  }

  /**
   * What Telegram knows of the chats an update comes from: whether each is a forum, and its topics
   * (a topic exists once a message was sent in it). Sends into a topic of a chat seen here are checked
   * against it. False for an update Telegram would not deliver: a reaction goes only to a bot that
   * administers the chat and asked for `message_reaction` in its webhook's allowed_updates.
   */
  observe(update: any): boolean {
    const reaction = update?.message_reaction;
    if (reaction) {
      const asked = (this.of('setWebhook').at(-1)?.payload.allowed_updates ?? []) as string[];
      const bot = this.members.get(reaction.chat.id)?.get(FAKE_BOT_INFO.id) ?? 'member';
      return asked.includes('message_reaction') && (bot === 'administrator' || bot === 'creator');
    }
    const message = update?.message ?? update?.edited_message ?? update?.callback_query?.message;
    if (!message?.chat) return true;
    const chat = this.chats.get(message.chat.id) ?? { forum: !!message.chat.is_forum, topics: new Set<number>() };
    this.chats.set(message.chat.id, chat);
    if (message.is_topic_message && message.message_thread_id) chat.topics.add(message.message_thread_id);
    return true;
  }

  /** What getChatMember answers for this user in this chat from now on. */
  setMember(chatId: number, userId: number, status: MemberStatus) {
    if (!this.members.has(chatId)) this.members.set(chatId, new Map());
    this.members.get(chatId)!.set(userId, status);
  }

  private refusal(method: string, payload: Record<string, any>): Refusal | null {
    const tooMany = (retryAfter: number): Refusal => ({ code: 429, description: `Too Many Requests: retry after ${retryAfter}`, parameters: { retry_after: retryAfter } });
    const global = this.throttles.get(method)?.shift();
    if (global !== undefined) return tooMany(global);
    const chat = payload.chat_id === undefined ? undefined : this.chatThrottles.get(Number(payload.chat_id))?.shift();
    if (chat !== undefined) return tooMany(chat);
    // Pinning in a group needs the bot to administer it (Telegram: "not enough rights to …").
    if (method === 'pinChatMessage' && Number(payload.chat_id) < 0) {
      const bot = this.members.get(Number(payload.chat_id))?.get(FAKE_BOT_INFO.id) ?? 'member';
      if (bot !== 'administrator' && bot !== 'creator') return { code: 400, description: 'Bad Request: not enough rights to manage pinned messages in the chat' };
    }
    return this.topicRefusal(method, payload) ?? this.files.check(method, payload) ?? this.rules.check(method, payload);
  }

  /** Forum topics: made only in a forum by an administrator that may manage topics; sent to only where they exist. */
  private topicRefusal(method: string, payload: Record<string, any>): Refusal | null {
    const chat = this.chats.get(Number(payload.chat_id));
    if (method === 'createForumTopic') {
      if (!chat?.forum) return { code: 400, description: 'Bad Request: the chat is not a forum' };
      const bot = this.members.get(Number(payload.chat_id))?.get(FAKE_BOT_INFO.id) ?? 'member';
      if (bot !== 'administrator' && bot !== 'creator') return { code: 400, description: 'Bad Request: not enough rights to create a topic' };
      const name = String(payload.name ?? '');
      if (!name.trim() || [...name].length > 128) return { code: 400, description: 'Bad Request: TOPIC_TITLE_EMPTY' };
      return null;
    }
    const thread = payload.message_thread_id;
    if (thread === undefined || !chat) return null;
    if (!chat.forum || !chat.topics.has(Number(thread))) return { code: 400, description: 'Bad Request: message thread not found' };
    return null;
  }

  /** The next `count` calls of `method` are answered 429 with this retry_after (seconds). */
  throttle(method: string, retryAfter: number, count = 1) {
    this.throttles.set(method, [...(this.throttles.get(method) ?? []), ...Array(count).fill(retryAfter)]);
  }

  /** The next `count` calls to this chat (any method) are answered 429 with this retry_after. */
  throttleChat(chatId: number, retryAfter: number, count = 1) {
    this.chatThrottles.set(chatId, [...(this.chatThrottles.get(chatId) ?? []), ...Array(count).fill(retryAfter)]);
  }

  of(method: string) {
    return this.calls.filter((c) => c.method === method);
  }

  /** Calls Telegram would have refused: a test that expects none asserts this is empty. */
  refused() {
    return this.calls.filter((c) => c.refused).map((c) => `${c.method}: ${c.refused}`);
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
