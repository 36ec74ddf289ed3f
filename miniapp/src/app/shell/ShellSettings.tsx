// The header's account tools, on the Profile tab of the app shell (where there is no header):
// the language everywhere; colour mode and sign-out only on the web (Telegram owns both there).
import { useTranslation } from 'react-i18next';
import { ColorModeSwitch } from '../../components/ColorModeSwitch.tsx';
import { LangSwitch } from '../../components/LangSwitch.tsx';
import { SignOutButton } from '../../features/auth/index.ts';
import { saveAccountLocale } from '../../features/users/index.ts';
import { useInTelegram } from './use-app-shell.ts';

export function ShellSettings() {
  const { t } = useTranslation();
  const telegram = useInTelegram();
  return (
    <section className="shell-settings" data-testid="shell-settings" aria-labelledby="shell-settings-title">
      <h2 id="shell-settings-title">{t('common.shell.settings.title')}</h2>
      <dl>
        <dt>{t('common.shell.settings.language')}</dt>
        <dd>
          <LangSwitch onSwitch={saveAccountLocale} />
        </dd>
        {!telegram && (
          <>
            <dt>{t('common.shell.settings.colorMode')}</dt>
            <dd>
              <ColorModeSwitch />
            </dd>
          </>
        )}
      </dl>
      {!telegram && <SignOutButton />}
    </section>
  );
}
