// The fullscreen switch on the profile page: only on Telegram's phone clients that can do it.
import { Switch } from '@telegram-apps/telegram-ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fullscreen, switchFullscreen } from '../../platform/fullscreen.ts';

export function FullscreenSwitch() {
  const { t } = useTranslation();
  const { available, on } = useSnapshot(fullscreen);
  const hintId = useId();
  if (!available) return null;
  return (
    <div className="field fullscreen-switch">
      <label className="fullscreen-switch__row">
        <span>{t('telegram.fullscreen')}</span>
        <Switch checked={on} onChange={(e) => void switchFullscreen(e.currentTarget.checked)} aria-describedby={hintId} data-testid="fullscreen-switch" />
      </label>
      <p className="field__hint" id={hintId}>
        {t('telegram.fullscreenHint')}
      </p>
    </div>
  );
}
