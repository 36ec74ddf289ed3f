import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { buttonClass } from '../../../components/Button.tsx';
import { Page } from '../../../components/Page.tsx';
import { useHref } from '../../../lib/use-locale.ts';

const FEATURES = ['issues', 'projects', 'streams', 'calendar', 'bot', 'miniapp'] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const href = useHref();
  return (
    <Page name="home" className="home">
      <p className="tagline">{t('home.tagline')}</p>
      <p className="lead">{t('home.lead')}</p>
      <div className="actions">
        <Link href={href('register')} className={buttonClass({ variant: 'primary' })}>
          {t('home.signUp')}
        </Link>
        <Link href={href('login')} className={buttonClass({ variant: 'secondary' })}>
          {t('home.signIn')}
        </Link>
      </div>
      <p className="note">{t('home.openInTelegram')}</p>
      <h2>{t('home.featuresTitle')}</h2>
      <ul className="cards">
        {FEATURES.map((key) => (
          <li key={key} className="card">
            <h3>{t(`home.features.${key}.title`)}</h3>
            <p>{t(`home.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
      <h2>{t('home.installTitle')}</h2>
      <p>{t('home.installText')}</p>
    </Page>
  );
}
