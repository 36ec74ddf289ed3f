// A phone's issue page keeps the properties out of the way of the description and the comments:
// the status and the assignee under the title, edited in place, then one "Properties" row saying
// what the rest are ("High · Due 26 Nov · 2 labels") that opens them in a bottom sheet.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { useLocale } from '../../../lib/use-locale.ts';
import { plainT } from './activity-format.ts';
import { Properties, Watchers } from './Properties.tsx';
import { propertiesSummary } from './properties-summary.ts';
import { AssigneeProp, StatusProp } from './StatusAssignee.tsx';
import type { IssueController, IssueData } from './use-issue.ts';
import './phone.css';

interface Props {
  data: IssueData;
  ctl: IssueController;
}

export function PhoneProperties({ data, ctl }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  return (
    <div className="issue-quick">
      <div className="issue-quick__pair">
        <StatusProp data={data} ctl={ctl} />
        <AssigneeProp data={data} ctl={ctl} />
      </div>
      <button type="button" className="issue-quick__more" aria-haspopup="dialog" data-testid="issue-props-open" onClick={() => setOpen(true)}>
        <span className="issue-quick__text">
          <span className="issue-quick__label">{t('issues.detail.properties')}</span>
          <span className="issue-quick__summary" data-testid="issue-props-summary">
            {propertiesSummary(data.issue, plainT(t), locale)}
          </span>
        </span>
        <Icon name="lucide:chevron-right" size={20} />
      </button>
      {open && <PropertiesSheet data={data} ctl={ctl} onClose={() => setOpen(false)} />}
    </div>
  );
}

function PropertiesSheet({ data, ctl, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('issues.detail.properties')} titleClassName="modal__title sheet__title" onClose={onClose} closeOnBackdrop className="sheet" testId="issue-props-sheet">
      <Button variant="link" className="sheet__close" aria-label={t('common.close')} data-testid="issue-props-close" onClick={onClose}>
        <Icon name="lucide:x" size={22} />
      </Button>
      <div className="sheet__body">
        <Properties data={data} ctl={ctl} phone />
        <Watchers watchers={data.issue.watchers} />
      </div>
    </Dialog>
  );
}
