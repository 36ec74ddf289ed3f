// A new user with no project: name the first one (key suggested from the name) or open a demo one.
import { createProjectSchema } from '@tracker/shared/api/projects';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../../components/Button.tsx';
import { FormAlert } from '../../components/FormAlert.tsx';
import { toast } from '../../lib/toasts.ts';
import { useHref } from '../../lib/use-locale.ts';
import { normalizeKeyInput, suggestKey } from '../../lib/project-key.ts';
import { useServerAction } from '../../lib/use-server-action.ts';
import { useServerForm } from '../../lib/use-server-form.ts';
import { myWorkApi } from './api.ts';
import { OpenInvite } from './OpenInvite.tsx';

/** The first project's name and key, by the rules of a new project. */
const firstProject = createProjectSchema.pick({ name: true, key: true });
const wording = { fallback: 'myWork.onboarding.failed' };

/** A first project, the demo or an invite; the sync feed brings the project to My work. */
export function Onboarding() {
  const { t } = useTranslation();
  const href = useHref();
  const [, navigate] = useLocation();
  const form = useServerForm(firstProject, { name: '', key: '' });
  const [name, key] = form.watch(['name', 'key']);
  // The key follows the name until the user types one of their own.
  const ownKey = useRef(false);
  const demo = useServerAction(wording);
  const busy = form.formState.isSubmitting || demo.pending;

  const create = form.submit(async (values) => {
    const made = await myWorkApi.createProject(values.name, values.key);
    toast({ title: t('myWork.onboarding.created', { key: made.project.key }), color: 'success' });
  }, { errors: wording });

  const openDemo = () =>
    demo.run(async () => {
      const { project } = await myWorkApi.openDemo();
      navigate(href('project', { id: project.key }));
    });

  const nameField = form.register('name', { onChange: (e: { target: { value: string } }) => !ownKey.current && form.setValue('key', suggestKey(e.target.value)) });
  return (
    <section className="my-work__onboarding card" data-testid="onboarding" aria-labelledby="onboarding-title">
      <h2 id="onboarding-title">{t('myWork.onboarding.title')}</h2>
      <p>{t('myWork.onboarding.text')}</p>
      <form onSubmit={create} className="my-work__onboarding-form" aria-busy={form.formState.isSubmitting} noValidate>
        <FormAlert message={form.formError ?? demo.error} />
        <div className="field">
          <label htmlFor="onboarding-name">{t('myWork.onboarding.name')}</label>
          <input id="onboarding-name" data-testid="onboarding-name" {...nameField} maxLength={100} autoComplete="off" required aria-invalid={form.errorFor('name') ? true : undefined} />
          {form.errorFor('name') && <p className="field__error">{form.errorFor('name')}</p>}
        </div>
        <div className="field my-work__key">
          <label htmlFor="onboarding-key">{t('myWork.onboarding.key')}</label>
          <input
            id="onboarding-key"
            data-testid="onboarding-key"
            value={key}
            onChange={(e) => {
              ownKey.current = true;
              form.setValue('key', normalizeKeyInput(e.target.value), { shouldValidate: form.formState.isSubmitted });
            }}
            autoComplete="off"
            required
            minLength={2}
            maxLength={10}
            aria-invalid={form.errorFor('key') ? true : undefined}
          />
          {form.errorFor('key') && <p className="field__error">{form.errorFor('key')}</p>}
        </div>
        <Button type="submit" variant="primary" disabled={busy || !name.trim() || key.length < 2} data-testid="onboarding-create">
          {t('myWork.onboarding.create')}
        </Button>
      </form>
      <Button disabled={busy} onClick={() => void openDemo()} data-testid="onboarding-demo">
        {t('myWork.onboarding.demo')}
      </Button>
      <OpenInvite />
    </section>
  );
}
