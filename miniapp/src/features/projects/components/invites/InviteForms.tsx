// Two ways to invite: an e-mail (one use, mailed in the inviter's language) and a link with a role,
// a validity in days and an optional limit of uses. Each is a form on its branch of the shared schema;
// the server's refusal lands under the field it names.
import { createInviteSchema, type CreatedInviteResponse } from '@tracker/shared/api/invites';
import { INVITE_DAYS_DEFAULT, INVITE_DAYS_MAX, INVITE_USES_MAX } from '@tracker/shared/api/values/invites';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/Button.tsx';
import { FormAlert } from '../../../../components/FormAlert.tsx';
import { TextField } from '../../../../components/TextField.tsx';
import { useServerForm } from '../../../../lib/use-server-form.ts';
import { invitesApi } from '../../api.ts';
import { RoleOptions } from '../RoleOptions.tsx';

export type CreatedInvite = CreatedInviteResponse;
type Props = { projectId: number; onCreated: (created: CreatedInvite) => void };

const [emailSchema, linkSchema] = createInviteSchema.options;
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function InviteForms(props: Props) {
  return (
    <>
      <EmailInviteForm {...props} />
      <LinkInviteForm {...props} />
    </>
  );
}

function RoleField({ form, testId }: { form: { register: (name: 'role') => object }; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('projects.invites.role')}</label>
      <select id={id} {...form.register('role')} data-testid={testId}>
        <RoleOptions />
      </select>
    </div>
  );
}

function EmailInviteForm({ projectId, onCreated }: Props) {
  const { t } = useTranslation();
  const form = useServerForm(emailSchema, { kind: 'email', email: '', role: 'member' });
  const busy = form.formState.isSubmitting;
  const submit = form.submit(async (values) => {
    onCreated(await invitesApi.create(projectId, values));
    form.reset();
  });
  return (
    <form className="addrow" noValidate aria-busy={busy} data-testid="invite-email-form" onSubmit={submit}>
      <FormAlert message={form.formError} />
      <TextField {...form.register('email')} label={t('projects.invites.byEmail')} type="email" autoComplete="off" required error={form.errorFor('email')} data-testid="invite-email" />
      <RoleField form={form} testId="invite-email-role" />
      <Button type="submit" variant="primary" size="small" disabled={busy} data-testid="invite-send">
        {t('projects.invites.send')}
      </Button>
    </form>
  );
}

function LinkInviteForm({ projectId, onCreated }: Props) {
  const { t } = useTranslation();
  const form = useServerForm(linkSchema, { kind: 'link', role: 'member', expiresInDays: INVITE_DAYS_DEFAULT, maxUses: null });
  const busy = form.formState.isSubmitting;
  const submit = form.submit(async (values) => onCreated(await invitesApi.create(projectId, values)));
  return (
    <form className="addrow" noValidate aria-busy={busy} data-testid="invite-link-form" onSubmit={submit}>
      <FormAlert message={form.formError} />
      <RoleField form={form} testId="invite-link-role" />
      <TextField
        {...form.register('expiresInDays', { setValueAs: optionalNumber })}
        label={t('projects.invites.days')}
        type="number"
        min={1}
        max={INVITE_DAYS_MAX}
        required
        error={form.errorFor('expiresInDays')}
        data-testid="invite-days"
      />
      <TextField
        {...form.register('maxUses', { setValueAs: optionalNumber })}
        label={t('projects.invites.maxUses')}
        type="number"
        min={1}
        max={INVITE_USES_MAX}
        placeholder={t('projects.invites.maxUsesHint')}
        error={form.errorFor('maxUses')}
        data-testid="invite-max-uses"
      />
      <Button type="submit" variant="primary" size="small" disabled={busy} data-testid="invite-create-link">
        {t('projects.invites.create')}
      </Button>
    </form>
  );
}
