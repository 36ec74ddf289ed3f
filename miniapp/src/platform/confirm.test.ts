import { TG_POPUP } from '@tracker/shared/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { ref } from 'valtio';
import { answerConfirm, CONFIRM_ID, confirmAction, confirmPopup, confirmQueue, fit } from './confirm.ts';
import { platform, type TelegramApi } from './index.ts';
import { popupProblems } from './popup.ts';

describe('confirmPopup', () => {
  it('a destructive confirmation: red button that answers the confirm id, and cancel', () => {
    expect(confirmPopup({ title: 'Delete', message: 'Delete issue TR-1?', confirmText: 'Delete', destructive: true })).toEqual({
      title: 'Delete',
      message: 'Delete issue TR-1?',
      buttons: [{ id: CONFIRM_ID, type: 'destructive', text: 'Delete' }, { id: 'cancel', type: 'cancel' }],
    });
  });

  it('cuts a long name in the message, title and button to Telegram\'s limits', () => {
    const long = 'x'.repeat(1000);
    const popup = confirmPopup({ title: long, message: `Delete view «${long}»?`, confirmText: long });
    expect(popupProblems(popup)).toEqual([]);
    expect(popup.message).toHaveLength(TG_POPUP.messageMax);
    expect(popup.message.endsWith('…')).toBe(true);
    expect(popup.buttons?.[0]?.type).toBe('default');
  });

  it('fit leaves short texts alone and never splits a surrogate pair', () => {
    expect(fit('short', 10)).toBe('short');
    expect(fit('😀😀😀', 4)).toBe('😀…');
    expect(fit('😀😀😀', 3)).toBe('😀…');
  });
});

describe('confirmAction outside Telegram', () => {
  it('asks in the app, one question at a time in order, and answers each once', async () => {
    const first = confirmAction({ message: 'Delete this comment?', confirmText: 'Delete', destructive: true });
    const second = confirmAction({ message: 'Delete the view?', confirmText: 'Delete' });
    expect(confirmQueue.asks.map((a) => a.options.message)).toEqual(['Delete this comment?', 'Delete the view?']);
    const [a, b] = confirmQueue.asks;
    answerConfirm(a!.id, false);
    answerConfirm(a!.id, true); // already answered: ignored
    answerConfirm(b!.id, true);
    expect(await first).toBe(false);
    expect(await second).toBe(true);
    expect(confirmQueue.asks).toEqual([]);
  });
});

describe('confirmAction with a word to type or a choice', () => {
  afterEach(() => {
    platform.tg = null;
  });

  it('asks in the app even inside Telegram, whose popup has buttons only', async () => {
    const popups: unknown[] = [];
    platform.tg = ref({ canPopup: () => true, showPopup: (p: unknown) => (popups.push(p), Promise.resolve(CONFIRM_ID)) } as unknown as TelegramApi);
    const typed = confirmAction({ message: 'Delete project WEB?', confirmText: 'Delete', confirmWord: 'WEB', destructive: true });
    const chosen = confirmAction({ message: 'Delete status Done?', confirmText: 'Delete', choice: { label: 'Move its issues to', options: [{ value: '2', label: 'Todo' }] } });
    expect(confirmQueue.asks.map((a) => a.options.message)).toEqual(['Delete project WEB?', 'Delete status Done?']);
    const [a, b] = confirmQueue.asks;
    answerConfirm(a!.id, true);
    answerConfirm(b!.id, '2');
    expect(await typed).toBe(true);
    expect(await chosen).toBe('2');
    expect(popups).toEqual([]);
  });

  it('answers null for a cancelled choice', async () => {
    const chosen = confirmAction({ message: 'Delete status Done?', confirmText: 'Delete', choice: { label: 'Move to', options: [{ value: '2', label: 'Todo' }] } });
    answerConfirm(confirmQueue.asks[0]!.id, false);
    expect(await chosen).toBeNull();
  });
});
