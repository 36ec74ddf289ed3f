// Phone confirmation by sharing the Telegram contact: Telegram sends the contact to the bot, the
// server confirms the phone, and this polls until it has (spec §9 timing). Inside Telegram only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../components/Button.tsx';
import { platform } from '../../../platform/index.ts';
import { auth } from '../../../lib/auth.ts';
import { telegramApi } from '../../../lib/api/telegram.ts';
import { pollUntil } from '../../../lib/contact-poll.ts';
import { haptic } from '../../../platform/use-main-button.ts';

type State = 'idle' | 'waiting' | 'confirmed' | 'timeout' | 'cancelled';

export function PhoneByContact() {
  const { t } = useTranslation();
  const { tg } = useSnapshot(platform);
  const { user } = useSnapshot(auth.state);
  const [state, setState] = useState<State>('idle');
  const [phone, setPhone] = useState<string | null>(null);
  if (!tg || !user || user.phone_confirmed_at) return null;

  async function share() {
    if (!tg) return;
    setState('waiting');
    const asked = await tg.requestPhone().catch(() => 'cancelled' as const);
    if (asked !== 'sent') {
      setState('cancelled');
      return;
    }
    const done = await pollUntil(async () => {
      const s = await telegramApi.phone();
      return s.phone_confirmed_at ? s : null;
    });
    if (done) {
      setPhone(done.phone);
      if (auth.state.user) auth.hydrate({ ...auth.state.user, phone: done.phone, phone_confirmed_at: done.phone_confirmed_at });
      haptic('success');
      setState('confirmed');
    } else {
      haptic('warning');
      setState('timeout');
    }
  }

  return (
    <div className="telegram-phone" data-testid="telegram-phone">
      {state === 'confirmed' ? (
        <p role="status">{t('telegram.phoneConfirmed', { phone: phone ?? '' })}</p>
      ) : (
        <>
          <Button onClick={() => void share()} loading={state === 'waiting'}>
            {t('telegram.sharePhone')}
          </Button>
          {state === 'timeout' && <p role="status">{t('telegram.phoneTimeout')}</p>}
          {state === 'cancelled' && <p role="status">{t('telegram.phoneCancelled')}</p>}
        </>
      )}
    </div>
  );
}
