// The profile page, with the account dialogs' phone confirmation: features import no feature, the route composes them.
import { PhoneConfirmDialog } from '../../features/account-dialogs/index.ts';
import ProfilePage from '../../features/users/pages/ProfilePage.tsx';

export default function ProfileRoute() {
  return <ProfilePage PhoneConfirmDialog={PhoneConfirmDialog} />;
}
