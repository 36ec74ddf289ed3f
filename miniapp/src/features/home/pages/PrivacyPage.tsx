import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page.tsx';

const DATA_ITEMS = ['account', 'phone', 'telegram', 'content'] as const;
const SECTIONS = ['cookies', 'thirdParties', 'retention', 'rights', 'contact'] as const;

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <Page name="privacy" className="prose">
      <p className="muted">{t('privacy.updated')}</p>
      <p>{t('privacy.intro')}</p>
      <h2>{t('privacy.sections.data.title')}</h2>
      <ul>
        {DATA_ITEMS.map((key) => (
          <li key={key}>{t(`privacy.sections.data.items.${key}`)}</li>
        ))}
      </ul>
      {SECTIONS.map((key) => (
        <section key={key} aria-labelledby={`privacy-${key}`}>
          <h2 id={`privacy-${key}`}>{t(`privacy.sections.${key}.title`)}</h2>
          <p>{t(`privacy.sections.${key}.text`)}</p>
        </section>
      ))}
    </Page>
  );
}
