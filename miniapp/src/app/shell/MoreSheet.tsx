// The phone's More tab: a bottom sheet with the places the four tabs leave out (as Telegram's own
// "Settings" list): full-width rows of 48 px, each closing the sheet as it navigates.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Dialog } from '../../components/Dialog.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useIsAdmin } from '../../features/auth/components/UserMenu.tsx';
import { openPalette } from '../../features/palette/index.ts';
import { useHref } from '../../lib/use-locale.ts';
import { MORE } from './tabs.ts';

const LABEL: Record<string, string> = { calendar: 'common.nav.calendar', timeline: 'common.nav.timeline', streams: 'common.nav.streams', timesheet: 'common.nav.timesheet', insights: 'common.nav.insights', profile: 'common.shell.tabs.profile' };

export function MoreSheet({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const href = useHref();
  const isAdmin = useIsAdmin();
  const places = [...MORE, ...(isAdmin ? [{ id: 'admin', route: 'admin' as const, icon: 'lucide:shield' }] : [])];
  return (
    <Dialog title={t('common.shell.tabs.more')} onClose={onClose} closeOnBackdrop className="more-sheet" testId="more-sheet">
      <ul className="more-sheet__list">
        <li>
          <button
            type="button"
            className="more-sheet__row"
            onClick={() => {
              onClose();
              openPalette();
            }}
            data-testid="more-search"
          >
            <Icon name="lucide:search" size={22} />
            {t('common.shell.tabs.search')}
          </button>
        </li>
        {places.map((place) => (
          <li key={place.id}>
            <Link href={href(place.route)} className="more-sheet__row" onClick={onClose} data-testid={`more-${place.id}`}>
              <Icon name={place.icon} size={22} />
              {t(LABEL[place.id] ?? 'common.nav.admin')}
            </Link>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
