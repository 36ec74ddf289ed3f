// A new user with no project: name the first one (key suggested from the name) or open a demo one.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { toast } from '../../lib/toasts.ts';
import { useHref } from '../../lib/use-locale.ts';
import { normalizeKeyInput, suggestKey } from '../../lib/project-key.ts';
import { myWorkApi } from './api.ts';
import { OpenInvite } from './OpenInvite.tsx';
import { errorText } from '../../lib/error-text.ts';

/** A first project, the demo or an invite; the sync feed brings the project to My work. */
export function Onboarding() {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  // The key follows the name until the user types one of their own.
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const key = ownKey ?? suggestKey(name);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (err) {
      toast({ title: errorText(err, t, { fallback: 'myWork.onboarding.failed' }), color: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const create = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const made = await myWorkApi.createProject(name.trim(), key);
      toast({ title: t('myWork.onboarding.created', { key: made.project.key }), color: 'success' });
    });
  };

  const demo = () =>
    run(async () => {
      const { project } = await myWorkApi.openDemo();
      navigate(href('project', { id: project.key }));
    });

  return (
    <section className="my-work__onboarding card" data-testid="onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{t('myWork.onboarding.title')}</h2>
      <p>{t('myWork.onboarding.text')}</p>
      <form onSubmit={create} className="my-work__onboarding-form">
        <div className="field">
          <label htmlFor="onboarding-name">{t('myWork.onboarding.name')}</label>
          <input id="onboarding-name" data-testid="onboarding-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} autoComplete="off" required />
        </div>
        <div className="field my-work__key">
          <label htmlFor="onboarding-key">{t('myWork.onboarding.key')}</label>
          <input id="onboarding-key" data-testid="onboarding-key" value={key} onChange={(e) => setOwnKey(normalizeKeyInput(e.target.value))} autoComplete="off" required minLength={2} maxLength={10} />
        </div>
        <Button type="submit" variant="primary" disabled={busy || !name.trim() || key.length < 2} data-testid="onboarding-create">
          {t('myWork.onboarding.create')}
        </Button>
      </form>
      <Button disabled={busy} onClick={() => void demo()} data-testid="onboarding-demo">
        {t('myWork.onboarding.demo')}
      </Button>
      <OpenInvite />
    </section>
  );
}
