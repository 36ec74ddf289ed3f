// Issue 16, act from the chat: one-tap status buttons, the picker's ✓, no "Assign to me" on one's
// own issue, the `/new` due date buttons, and the photo or file of a message.
import type { Message } from 'grammy/types';
import { describe, expect, it } from 'vitest';
import type { IssueCard } from './backend.ts';
import { callbacks } from './callbacks.ts';
import { dueChoiceDate } from './dates.ts';
import { fileOf } from './files.ts';
import { cardKeyboard, dueKeyboard, statusKeyboard } from './keyboards.ts';

const card: IssueCard = {
  id: 7, key: 'WEB-3', title: 'Fix', statusId: 1, statusName: 'To do', statusCategory: 'unstarted', priority: 'none',
  dueDate: null, assigneeId: 12, assigneeName: 'Ivan', projectName: 'Website', completedAt: null, sla: null,
};
const texts = (kb: { inline_keyboard: { text: string }[][] }) => kb.inline_keyboard.flat().map((b) => b.text);

describe('card buttons', () => {
  it('offer In progress and Done in one tap, hiding the one of the current category', () => {
    expect(texts(cardKeyboard(card, 'ru', 'b')).slice(0, 2)).toEqual(['▶️ В работу', '✅ Готово']);
    expect(texts(cardKeyboard({ ...card, statusCategory: 'started' }, 'en', 'b'))).not.toContain('▶️ In progress');
    expect(texts(cardKeyboard({ ...card, statusCategory: 'completed' }, 'en', 'b'))).not.toContain('✅ Done');
    expect(callbacks.moveTo.decode(callbacks.moveTo.encode(2_147_483_647, 'completed'))).toEqual([2_147_483_647, 'completed']);
  });

  it('offer "Assign to me" unless the viewer has the issue; group cards have no actions', () => {
    expect(texts(cardKeyboard(card, 'en', 'b', true, 12))).not.toContain('Assign to me');
    expect(texts(cardKeyboard(card, 'en', 'b', true, 13))).toContain('Assign to me');
    expect(texts(cardKeyboard(card, 'en', 'b', false, 13))).toEqual(['Open']);
  });

  it('mark the current status in the picker', () => {
    expect(texts(statusKeyboard(7, [{ id: 1, name: 'To do' }, { id: 2, name: 'Done' }], 'en', 1))).toEqual(['✓ To do', 'Done', 'Back']);
  });
});

describe('due date buttons', () => {
  it('give today, tomorrow, the next Friday, or no date', () => {
    const thursday = '2026-11-26';
    expect(['today', 'tomorrow', 'friday', 'none'].map((c) => dueChoiceDate(c, thursday))).toEqual(['2026-11-26', '2026-11-27', '2026-11-27', null]);
    expect(dueChoiceDate('friday', '2026-11-27')).toBe('2026-12-04');
    expect(texts(dueKeyboard(1, 'ru'))).toEqual(['Сегодня', 'Завтра', 'Пятница', 'Без срока']);
    for (const b of dueKeyboard(9_999_999_999, 'en').inline_keyboard.flat()) expect(Buffer.byteLength('callback_data' in b ? b.callback_data : '')).toBeLessThanOrEqual(64);
  });
});

describe('fileOf', () => {
  it('takes the largest photo size, or the document with its name and type', () => {
    const photo = { photo: [{ file_id: 's', file_unique_id: 'us', width: 1, height: 1 }, { file_id: 'l', file_unique_id: 'ul', width: 9, height: 9, file_size: 5 }] } as unknown as Message;
    expect(fileOf(photo)).toEqual({ fileId: 'l', name: 'photo_ul.jpg', mimeType: 'image/jpeg', size: 5 });
    const doc = { document: { file_id: 'd', file_unique_id: 'ud', file_name: 'log.txt', mime_type: 'text/plain' } } as unknown as Message;
    expect(fileOf(doc)).toEqual({ fileId: 'd', name: 'log.txt', mimeType: 'text/plain', size: null });
    expect(fileOf({ text: 'x' } as unknown as Message)).toBeNull();
  });
});
