import { renderBonusName } from '@paws/contracts/notifications-messages';
import { useTranslation } from 'react-i18next';

/** What a bonus row names itself with: its rule's key and parameters, and the stored name. */
export interface NamedBonus {
  presentationRuleName: string;
  presentationRuleKey?: string | null;
  presentationRuleParams?: Record<string, string | number>;
}

/** A bonus's name in the reader's language (the stored name when it has no key: a name staff typed). */
export function useBonusName() {
  const { i18n } = useTranslation();
  return (bonus: NamedBonus) =>
    renderBonusName(
      bonus.presentationRuleKey,
      bonus.presentationRuleParams,
      bonus.presentationRuleName,
      i18n.language,
    );
}
