import { PaymentButtons } from '@/features/payments/components/payment-buttons';
import { AccountPage } from '@/features/profile/components/account-page';
import { PlaySettingsCard } from '@/features/responsible-gaming/components/play-settings-card';

/**
 * /profile/account: the profile's page, with the payments feature's Deposit / Withdraw on its account card and
 * responsible gaming's play-time settings beside the limits.
 */
export function AccountRoute() {
  return <AccountPage paymentActions={<PaymentButtons />} playSettings={<PlaySettingsCard />} />;
}
