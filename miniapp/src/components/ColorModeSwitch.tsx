import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { COLOR_PREFERENCES, colorMode, type ColorPreference } from '../lib/color-mode.ts';

export function ColorModeSwitch() {
  const { t } = useTranslation();
  const snap = useSnapshot(colorMode.state);
  return (
    <label className="select-wrap">
      <span className="visually-hidden">{t('common.colorMode.label')}</span>
      <select
        data-testid="color-mode"
        data-value={snap.preference}
        data-mode={snap.mode}
        value={snap.preference}
        onChange={(e) => colorMode.setPreference(e.target.value as ColorPreference)}
      >
        {COLOR_PREFERENCES.map((p) => (
          <option key={p} value={p}>
            {t(`common.colorMode.${p}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
