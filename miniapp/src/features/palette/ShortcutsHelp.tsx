import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import './palette.css';

const SHORTCUTS: { keys: string[]; action: string }[] = [
  { keys: ['Ctrl', 'K'], action: 'palette' },
  { keys: ['c'], action: 'create' },
  { keys: ['/'], action: 'search' },
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['x'], action: 'select' },
  { keys: ['Enter'], action: 'open' },
  { keys: ['s'], action: 'status' },
  { keys: ['a'], action: 'assignee' },
  { keys: ['p'], action: 'priority' },
  { keys: ['l'], action: 'labels' },
  { keys: ['d'], action: 'due' },
  { keys: ['e'], action: 'edit' },
  { keys: ['m'], action: 'move' },
  { keys: ['['], action: 'sidebar' },
  { keys: ['?'], action: 'help' },
  { keys: ['Esc'], action: 'close' },
];

export default function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <Dialog className="palette palette--help" title={t('issues.shortcuts.title')} onClose={onClose} closeOnBackdrop testId="shortcuts-help">
      <p className="muted">{t('issues.shortcuts.note')}</p>
      <dl className="shortcuts">
        {SHORTCUTS.map((s) => (
          <div key={s.action} className="shortcuts__row">
            <dt>
              {s.keys.map((k, i) => (
                <span key={k}>
                  {i > 0 && ' + '}
                  <kbd>{k === 'Ctrl' && mac ? '⌘' : k === 'Esc' || k === 'Enter' || k === 'Ctrl' ? t(`issues.shortcuts.keys.${k}`) : k}</kbd>
                </span>
              ))}
            </dt>
            <dd>{t(`issues.shortcuts.actions.${s.action}`)}</dd>
          </div>
        ))}
      </dl>
      <Button variant="primary" onClick={onClose} data-testid="shortcuts-close" autoFocus>
        {t('common.close')}
      </Button>
    </Dialog>
  );
}
