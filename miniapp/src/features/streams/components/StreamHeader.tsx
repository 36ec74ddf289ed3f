import type { UserRef } from '@tracker/shared/api/common';
import type { Stream } from '@tracker/shared/api/streams';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { DateInput } from '../../../components/DateInput.tsx';
import { FormAlert } from '../../../components/FormAlert.tsx';
import { formErrorsFrom, type FieldErrors } from '../../../lib/form-errors.ts';
import { PeoplePicker } from '../../../components/PeoplePicker.tsx';
import { streamsApi, type StreamPatch } from '../api.ts';
import { datesValid } from '../model.ts';
import { DateRange, HealthBadge, StatusTag } from './Badges.tsx';
import { StatusField } from './StatusField.tsx';
import { StreamTextForm } from './StreamTextForm.tsx';
import { haptic } from '../../../platform/use-main-button.ts';

const FIELDS = ['status', 'leadId', 'memberIds', 'startDate', 'targetDate'] as const;

/** Status, lead, dates and members; each control saves on change when the viewer may edit. */
export function StreamHeader({ stream, onSaved }: { stream: Stream; onSaved: (s: Stream) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const editable = stream.can.includes('stream.edit');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [editingText, setEditingText] = useState(false);
  const errorFor = (f: string) => errors[f];

  const update = async (patch: StreamPatch) => {
    onSaved((await streamsApi.update(stream.id, patch)).stream);
    haptic('success');
  };
  // The controls save on change; a refusal shows under the control (the text form shows its own).
  const save = async (patch: StreamPatch) => {
    setFormError(null);
    setErrors({});
    try {
      await update(patch);
    } catch (err) {
      haptic('error');
      const state = formErrorsFrom(err, FIELDS, t);
      setErrors(state.fields);
      setFormError(state.form);
    }
  };
  const saveDate = (field: 'startDate' | 'targetDate', value: string) => {
    const next = { startDate: stream.startDate, targetDate: stream.targetDate, [field]: value || null };
    if (!datesValid(next.startDate, next.targetDate)) {
      setErrors({ targetDate: t('validation.dueBeforeStart') });
      return;
    }
    void save({ [field]: value || null });
  };
  if (!editable) {
    return (
      <dl className="sheader" data-testid="stream-header">
        <div>
          <dt>{t('streams.form.status')}</dt>
          <dd>
            <StatusTag status={stream.status} /> <HealthBadge health={stream.health} />
          </dd>
        </div>
        <div>
          <dt>{t('streams.form.lead')}</dt>
          <dd>{stream.lead?.name ?? t('streams.page.noLead')}</dd>
        </div>
        <div>
          <dt>{t('streams.page.dates')}</dt>
          <dd>
            <DateRange start={stream.startDate} target={stream.targetDate} />
          </dd>
        </div>
        <div>
          <dt>{t('streams.form.members')}</dt>
          <dd>{stream.members.map((m) => m.name).join(', ') || t('streams.page.noMembers')}</dd>
        </div>
      </dl>
    );
  }

  return (
    <div className="sheader sheader--edit" data-testid="stream-header">
      <FormAlert message={formError} />
      <p className="sheader__health">
        <HealthBadge health={stream.health} />
      </p>
      <div className="sheader__grid">
        <StatusField value={stream.status} onChange={(status) => void save({ status })} />
        <PeoplePicker
          ns="streams"
          label={t('streams.form.lead')}
          selected={stream.lead ? [stream.lead] : []}
          onChange={(u: UserRef[]) => void save({ leadId: u[0]?.id ?? null })}
          testId="stream-lead"
          error={errorFor('leadId')}
        />
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('streams.form.startDate')}</label>
          <DateInput id={`${id}-start`} value={stream.startDate ?? ''} onChange={(v) => saveDate('startDate', v)} />
          {errorFor('startDate') && <p className="field__error">{errorFor('startDate')}</p>}
        </div>
        <div className={`field${errorFor('targetDate') ? ' field--error' : ''}`}>
          <label htmlFor={`${id}-target`}>{t('streams.form.targetDate')}</label>
          <DateInput id={`${id}-target`} value={stream.targetDate ?? ''} onChange={(v) => saveDate('targetDate', v)} />
          {errorFor('targetDate') && (
            <p className="field__error" data-testid="error-targetDate">
              {errorFor('targetDate')}
            </p>
          )}
        </div>
      </div>
      <PeoplePicker
        ns="streams"
        label={t('streams.form.members')}
        selected={stream.members}
        multiple
        onChange={(u: UserRef[]) => void save({ memberIds: u.map((m) => m.id) })}
        testId="stream-members"
        error={errorFor('memberIds')}
      />
      {editingText ? (
        <StreamTextForm name={stream.name} description={stream.description} send={update} onDone={() => setEditingText(false)} />
      ) : (
        <Button size="small" onClick={() => setEditingText(true)} data-testid="stream-edit-text">
          {t('streams.page.editText')}
        </Button>
      )}
    </div>
  );
}
