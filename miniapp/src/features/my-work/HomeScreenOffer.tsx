// Once, on My work inside Telegram (issue 26): where the client says the app is not on the home
// screen yet, offer to add it. Either answer is remembered on the device: it is not offered again.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../components/Button.tsx';
import { platform } from '../../platform/index.ts';

const KEY = 'tracker.homeScreenOffered';
const offered = () => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return true;
  }
};

export function HomeScreenOffer() {
  const { t } = useTranslation();
  const { tg } = useSnapshot(platform);
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (!tg || offered()) return;
    let live = true;
    void platform.tg!.homeScreenStatus().then((status) => live && setShow(status === 'missed'));
    return () => {
      live = false;
    };
  }, [tg]);
  if (!show) return null;

  const answer = (add: boolean) => {
    try {
      localStorage.setItem(KEY, '1');
    } catch {
      // Private mode: offered again next time.
    }
    if (add) platform.tg?.addToHomeScreen();
    setShow(false);
  };

  return (
    <section className="my-work__offer card" aria-labelledby="home-screen-offer" data-testid="home-screen-offer">
      <h2 id="home-screen-offer">{t('myWork.homeScreen.title')}</h2>
      <p>{t('myWork.homeScreen.text')}</p>
      <div className="inline-actions">
        <Button variant="primary" size="small" onClick={() => answer(true)} data-testid="home-screen-add">
          {t('myWork.homeScreen.add')}
        </Button>
        <Button size="small" onClick={() => answer(false)} data-testid="home-screen-later">
          {t('myWork.homeScreen.later')}
        </Button>
      </div>
    </section>
  );
}
