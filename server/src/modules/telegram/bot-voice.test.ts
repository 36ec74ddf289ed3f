// Voice and video notes become issues (issue 26, part 4). The notes are espeak-ng clips packed as
// Telegram sends them (scripts/make-voice-clips.sh); the speech engine is the test one
// (test/voice/speech-engine.mjs), run the way SPEECH_COMMAND runs any local program. What is under
// test is everything around it: the card's "transcribing…", the job, the quick-add parse of the
// words (title, due date, priority said aloud), the attachment, the edited card, and the limits.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '@tracker/shared/dates';
import { plusDays } from '@tracker/shared/quick-add/calendar';
import { waitUntil } from '../../test/wait-until.ts';
import { addMember, createIssue, createProject } from '../projects/test-fixtures.ts';
import { BotKit, buttons, sent, type Person } from './bot-test-kit.ts';

const clip = (name: string) => readFileSync(fileURLToPath(new URL(`../../test/voice/${name}.ogg`, import.meta.url)));
const engine = fileURLToPath(new URL('../../test/voice/speech-engine.mjs', import.meta.url));
const kit = new BotKit();
const GROUP = { id: -1007790301, type: 'supergroup', title: 'Команда' };
const ivan: Person = { id: 930301, first_name: 'Ivan', language_code: 'ru' };
const emma: Person = { id: 930302, first_name: 'Emma', language_code: 'en' };
let projectId = 0;

const issue = (id: number) =>
  kit.t.sql<{ title: string; due: string | null; priority: string; description: string; category: string }>(
    // Priorities are stored as numbers: 2 is high.
    `select i.title, i.due_date::text as due, i.priority::text, i.description, s.category from issues i join statuses s on s.id = i.status_id where i.id = ?`,
    [id],
  ).then((rows) => rows[0]!);
const issueIdOf = (text: string) => Number(/WEBV-(\d+)/.exec(text)![1]);
const idOfNumber = async (n: number) => (await kit.t.sql<{ id: number }>('select id from issues where project_id = ? and number = ?', [projectId, n]))[0]!.id;
/** The card edited once the note is heard. */
const edited = (chatId: number, messageCount: number) => waitUntil('the card is edited', async () => kit.api.of('editMessageText').filter((c) => c.payload.chat_id === chatId).length >= messageCount);
const voiceNote = (bytes: Buffer, duration: number, size?: number) => ({ voice: { ...kit.api.files.add(bytes, { folder: 'voice', ext: '.oga', ...(size ? { size } : {}) }), duration, mime_type: 'audio/ogg' } });

beforeAll(async () => {
  await kit.start({ SPEECH_COMMAND: `${process.execPath} ${engine} {file} {lang}` });
  const [ivanUser, emmaUser] = await kit.accounts(ivan, emma);
  const web = await createProject(ivanUser, { key: 'WEBV', name: 'Сайт' });
  projectId = web.project.id;
  await addMember(ivanUser, projectId, emmaUser, 'member');
  // Voice notes sent privately go where each last created an issue.
  await createIssue(ivanUser, projectId, { title: 'Первая' });
  await createIssue(emmaUser, projectId, { title: 'First' });
  kit.api.setMember(GROUP.id, ivan.id, 'administrator');
});
afterAll(() => kit.close());

describe('a voice note sent to the bot', () => {
  it('in Russian becomes an issue titled by its words, due tomorrow at high priority, with the audio attached', async () => {
    const calls = await kit.exchange(kit.other(ivan, voiceNote(clip('ru'), 3)));
    const card = sent(calls).at(-1)!;
    expect(String(card.payload.text)).toContain('Голосовая заметка');
    expect(String(card.payload.text)).toMatch(/🎙 Расшифровываю…$/);
    const id = await idOfNumber(issueIdOf(String(card.payload.text)));
    await kit.settled();
    await edited(ivan.id, 1);
    const tomorrow = plusDays(todayIn('Europe/Moscow'), 1);
    expect(await issue(id)).toMatchObject({ title: 'Починить вход', due: tomorrow, priority: '2', description: '🎙 Починить вход завтра, высокий приоритет' });
    expect(await kit.t.sql('select mime_type, size from attachments where issue_id = ?', [id])).toEqual([{ mime_type: 'audio/ogg', size: clip('ru').length }]);
    const update = kit.api.of('editMessageText').find((c) => c.payload.chat_id === ivan.id)!;
    expect(update.payload).toMatchObject({ message_id: expect.any(Number), parse_mode: 'HTML' });
    expect(String(update.payload.text)).toContain('Починить вход');
    expect(String(update.payload.text)).toContain('🎙 <i>Починить вход завтра, высокий приоритет</i>');
    expect(buttons(update).length).toBeGreaterThan(0);
  });

  it('in English works the same way, in English', async () => {
    const calls = await kit.exchange(kit.other(emma, voiceNote(clip('en'), 3)));
    const card = sent(calls).at(-1)!;
    expect(String(card.payload.text)).toMatch(/🎙 Transcribing…$/);
    const id = await idOfNumber(issueIdOf(String(card.payload.text)));
    await kit.settled();
    await edited(emma.id, 1);
    expect(await issue(id)).toMatchObject({ title: 'Fix the login', due: plusDays(todayIn('Europe/Moscow'), 1), priority: '2' });
  });

  it('longer than 2 minutes or over 20 MB is attached (or not) and not transcribed, and says why', async () => {
    const long = sent(await kit.exchange(kit.other(ivan, voiceNote(clip('ru'), 121)))).at(-1)!;
    expect(String(long.payload.text)).toMatch(/🎙 Дольше 2 минут: приложено без расшифровки\.$/);
    const big = sent(await kit.exchange(kit.other(ivan, voiceNote(Buffer.from('OggS'), 60, 21 * 1024 * 1024)))).at(-1)!;
    expect(String(big.payload.text)).toContain('20 МБ');
    expect(String(big.payload.text)).not.toContain('Расшифровываю');
    await kit.settled();
    expect(await kit.t.sql(`select id from graphile_worker.jobs where task_identifier = 'telegram.transcribe'`)).toEqual([]);
  });

  it('that the engine cannot read keeps the stand-in title, and the card says the note could not be transcribed', async () => {
    const before = kit.api.of('editMessageText').filter((c) => c.payload.chat_id === ivan.id).length;
    const card = sent(await kit.exchange(kit.other(ivan, voiceNote(Buffer.from('not an ogg stream'), 2)))).at(-1)!;
    const id = await idOfNumber(issueIdOf(String(card.payload.text)));
    await kit.settled();
    await edited(ivan.id, before + 1);
    expect(String(kit.api.of('editMessageText').filter((c) => c.payload.chat_id === ivan.id).at(-1)!.payload.text)).toContain('🎙 Не удалось расшифровать запись; она приложена.');
    expect((await issue(id)).title).toBe('Голосовая заметка');
  });
});

describe('a voice note captured in a linked group', () => {
  it('lands in Triage titled by its words, and the card under it is edited', async () => {
    const asked = await kit.exchange(kit.message(ivan, '/link WEBV', GROUP));
    await kit.exchange(kit.press(ivan, buttons(sent(asked).find((c) => c.payload.chat_id === ivan.id))[0]!.callback_data!, { message_id: 80, chat: BotKit.privateChat(ivan) }));
    const spoken = kit.other(emma, voiceNote(clip('ru'), 3), GROUP);
    await kit.exchange(spoken);
    const calls = await kit.exchange(kit.message(ivan, '/issue', GROUP, { reply_to_message: spoken.message }));
    const card = sent(calls).at(-1)!;
    expect(card.payload).toMatchObject({ chat_id: GROUP.id, reply_parameters: { message_id: spoken.message.message_id } });
    const id = await idOfNumber(issueIdOf(String(card.payload.text)));
    await kit.settled();
    await edited(GROUP.id, 1);
    expect(await issue(id)).toMatchObject({ title: 'Починить вход', priority: '2', category: 'triage' });
    expect(kit.api.refused()).toEqual([]);
  });
});

describe('without a speech engine', () => {
  const bare = new BotKit();
  afterAll(() => bare.close());

  it('the note is attached and the card says no engine is installed', async () => {
    await bare.start();
    const [ivanUser] = await bare.accounts(ivan);
    const own = await createProject(ivanUser, { key: 'NOEN', name: 'Без речи' });
    await createIssue(ivanUser, own.project.id, { title: 'Первая' });
    const note = { voice: { ...bare.api.files.add(clip('ru'), { folder: 'voice', ext: '.oga' }), duration: 3, mime_type: 'audio/ogg' } };
    await bare.exchange(bare.other(ivan, note));
    await bare.settled();
    await waitUntil('the card is edited', async () => bare.api.of('editMessageText').length > 0);
    expect(String(bare.api.of('editMessageText')[0]!.payload.text)).toContain('🎙 Без расшифровки: на этом сервере Трекера не установлено распознавание речи. Запись приложена.');
  });
});
