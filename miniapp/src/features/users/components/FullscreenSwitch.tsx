// The fullscreen switch on the profile page: only on Telegram's phone clients that can do it.
import { Switch } from '@telegram-apps/telegram-ui/dist/components/Form/Switch/Switch';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { fullscreen, switchFullscreen } from '../../../platform/fullscreen.ts';

export function FullscreenSwitch() {
  const { t } = useTranslation();
  const { available, on } = useSnapshot(fullscreen);
  const labelId = useId();
  const hintId = useId();
  if (!available) return null;
  return (
    <div className="field fullscreen-switch">
      <div className="fullscreen-switch__row">
        <span id={labelId}>{t('telegram.fullscreen')}</span>
        {/* telegram-ui's Switch is a <label> of its own around a hidden checkbox. */}
        <Switch checked={on} onChange={(e) => void switchFullscreen(e.currentTarget.checked)} aria-labelledby={labelId} aria-describedby={hintId} data-testid="fullscreen-switch" />
      </div>
      <p className="field__hint" id={hintId}>
        {t('telegram.fullscreenHint')}
      </p>
    </div>
  );
}
