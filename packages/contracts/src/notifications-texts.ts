/**
 * The words of the server-written messages in every language, one table per kind: support request statuses,
 * bonus names and notifications. Data only; ./notifications-messages.ts renders them.
 */

export const messageLanguages = ['en', 'es', 'fr', 'it'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

export type Catalog<K extends string> = Record<MessageLanguage, Record<K, string>>;

// ---- Support request statuses, as the player's list labels them (spec 001 §3) ----

export const ticketStatusCodes = [
  'CREATED',
  'IN_PROGRESS',
  'RESOLVE_REQUEST',
  'RETURNED',
  'CLOSED',
  'AUTO_CLOSED',
] as const;
export type TicketStatusCode = (typeof ticketStatusCodes)[number];

export const ticketStatusNames: Catalog<TicketStatusCode> = {
  en: {
    CREATED: 'Created',
    IN_PROGRESS: 'In Progress',
    RESOLVE_REQUEST: 'Resolve Request',
    RETURNED: 'Returned',
    CLOSED: 'Closed',
    AUTO_CLOSED: 'Auto Closed',
  },
  es: {
    CREATED: 'Creada',
    IN_PROGRESS: 'En curso',
    RESOLVE_REQUEST: 'Pendiente de confirmar',
    RETURNED: 'Devuelta',
    CLOSED: 'Cerrada',
    AUTO_CLOSED: 'Cerrada automáticamente',
  },
  fr: {
    CREATED: 'Créée',
    IN_PROGRESS: 'En cours',
    RESOLVE_REQUEST: 'Résolution proposée',
    RETURNED: 'Renvoyée',
    CLOSED: 'Fermée',
    AUTO_CLOSED: 'Fermée automatiquement',
  },
  it: {
    CREATED: 'Creata',
    IN_PROGRESS: 'In corso',
    RESOLVE_REQUEST: 'Risoluzione proposta',
    RETURNED: 'Restituita',
    CLOSED: 'Chiusa',
    AUTO_CLOSED: 'Chiusa automaticamente',
  },
};

// ---- Bonus names: the seeded rules (by their code) and the promo-code line of the bonus history ----

export const bonusNameKeys = [
  'daily-7-days',
  'weekly-bets',
  'monthly-bets',
  'win-bet-weekly',
  'welcome-confirm',
  'welcome-username',
  'welcome-deposit',
  'welcome-bet',
  'referral-referrer',
  'referral-referred',
  'onboarding-tour',
  'promo-code',
] as const;
export type BonusNameKey = (typeof bonusNameKeys)[number];

export const bonusNames: Catalog<BonusNameKey> = {
  en: {
    'daily-7-days': 'Daily bonus',
    'weekly-bets': 'Weekly bonus',
    'monthly-bets': 'Monthly bonus',
    'win-bet-weekly': 'Win-bet bonus',
    'welcome-confirm': 'Confirm your e-mail or phone',
    'welcome-username': 'Choose a username',
    'welcome-deposit': 'Make your first deposit',
    'welcome-bet': 'Place your first bet',
    'referral-referrer': 'Referral reward',
    'referral-referred': 'Referral welcome bonus',
    'onboarding-tour': 'Onboarding reward',
    'promo-code': 'Promo code {{code}}',
  },
  es: {
    'daily-7-days': 'Bono diario',
    'weekly-bets': 'Bono semanal',
    'monthly-bets': 'Bono mensual',
    'win-bet-weekly': 'Bono por ganancias',
    'welcome-confirm': 'Confirma tu correo o teléfono',
    'welcome-username': 'Elige un nombre de usuario',
    'welcome-deposit': 'Haz tu primer depósito',
    'welcome-bet': 'Haz tu primera apuesta',
    'referral-referrer': 'Recompensa por invitar',
    'referral-referred': 'Bono de bienvenida por invitación',
    'onboarding-tour': 'Recompensa del tour de bienvenida',
    'promo-code': 'Código promocional {{code}}',
  },
  fr: {
    'daily-7-days': 'Bonus quotidien',
    'weekly-bets': 'Bonus hebdomadaire',
    'monthly-bets': 'Bonus mensuel',
    'win-bet-weekly': 'Bonus de gains',
    'welcome-confirm': 'Confirmez votre e-mail ou téléphone',
    'welcome-username': 'Choisissez un nom d’utilisateur',
    'welcome-deposit': 'Effectuez votre premier dépôt',
    'welcome-bet': 'Placez votre premier pari',
    'referral-referrer': 'Récompense de parrainage',
    'referral-referred': 'Bonus de bienvenue du parrainage',
    'onboarding-tour': 'Récompense de la visite guidée',
    'promo-code': 'Code promo {{code}}',
  },
  it: {
    'daily-7-days': 'Bonus giornaliero',
    'weekly-bets': 'Bonus settimanale',
    'monthly-bets': 'Bonus mensile',
    'win-bet-weekly': 'Bonus vincite',
    'welcome-confirm': 'Conferma la tua e-mail o il telefono',
    'welcome-username': 'Scegli un nome utente',
    'welcome-deposit': 'Fai il tuo primo deposito',
    'welcome-bet': 'Piazza la tua prima puntata',
    'referral-referrer': 'Premio per l’invito',
    'referral-referred': 'Bonus di benvenuto per invito',
    'onboarding-tour': 'Premio del tour di benvenuto',
    'promo-code': 'Codice promozionale {{code}}',
  },
};

// ---- Notifications written by the server (payments, wins, security, bonuses, verification) ----

export const notificationMessageKeys = [
  'payment.deposit',
  'payment.withdrawPending',
  'payment.withdrawPaid',
  'payment.withdrawDeclined',
  'payment.withdrawDeclinedReason',
  'wallet.adjustmentCredit',
  'wallet.adjustmentDebit',
  'verification.approved',
  'verification.declined',
  'verification.declinedReason',
  'win.big',
  'win.bigMultiple',
  'security.passwordChanged',
  'security.newSignIn',
  'security.newSignInBrowser',
  'security.newSignInSystem',
  'security.newSignInDevice',
  'security.twoStepRemovedBySupport',
  'security.passkeyBlocked',
  'bonus.credited',
  'bonus.creditedBonusMoney',
  'ticket.replied',
  'ticket.statusChanged',
  'ticket.repliedStatusChanged',
  'account.restricted',
  'account.restrictionLifted',
] as const;
export type NotificationMessageKey = (typeof notificationMessageKeys)[number];

export const notificationTexts: Catalog<NotificationMessageKey> = {
  en: {
    'payment.deposit': 'Your deposit of {{amount}} was credited to your balance.',
    'payment.withdrawPending': 'Your withdrawal of {{amount}} is being processed.',
    'payment.withdrawPaid': 'Your withdrawal of {{amount}} was paid out.',
    'payment.withdrawDeclined':
      'Your withdrawal of {{amount}} was declined; the amount is back on your balance.',
    'payment.withdrawDeclinedReason':
      'Your withdrawal of {{amount}} was declined ({{reason}}); the amount is back on your balance.',
    'wallet.adjustmentCredit': 'We credited {{amount}} to your balance: {{reason}}',
    'wallet.adjustmentDebit': 'We debited {{amount}} from your balance: {{reason}}',
    'verification.approved': 'Your identity is verified. Thank you!',
    'verification.declined': 'We could not verify your identity. Please check your document and try again.',
    'verification.declinedReason':
      'We could not verify your identity ({{reason}}). Please check your document and try again.',
    'win.big': 'Big win! You won {{amount}}. Congratulations!',
    'win.bigMultiple': 'Big win! You won {{amount}} (×{{multiple}} your stake). Congratulations!',
    'security.passwordChanged':
      'Your password was changed and every session was signed out. If this was not you, contact support at once.',
    'security.newSignIn':
      'New sign-in to your account from {{browser}} on {{system}}. If this was not you, change your password.',
    'security.newSignInBrowser':
      'New sign-in to your account from {{browser}}. If this was not you, change your password.',
    'security.newSignInSystem':
      'New sign-in to your account from a browser on {{system}}. If this was not you, change your password.',
    'security.newSignInDevice':
      'New sign-in to your account from a new device. If this was not you, change your password.',
    'security.twoStepRemovedBySupport':
      'At your request, support turned off two-step sign-in on your account. Turn it on again in your profile. If you did not ask for this, contact support at once.',
    'security.passkeyBlocked':
      'We blocked your passkey “{{name}}”: a sign-in with it looked like it came from a copy. Sign in another way, then remove it in your profile and add it again. If this was not you, change your password.',
    'bonus.credited': 'You earned a bonus ({{rule}}): {{amount}} is on your bonus balance.',
    'bonus.creditedBonusMoney':
      'You earned a bonus ({{rule}}): {{amount}} in bonus money is on your bonus balance.',
    'ticket.replied': 'Support replied to your request: {{snippet}}',
    'ticket.statusChanged': 'Request status has changed to: {{status}}',
    'ticket.repliedStatusChanged':
      'Support replied to your request: {{snippet}}\nRequest status has changed to: {{status}}',
    'account.restricted':
      'Your account has been restricted ({{reason}}). You can still browse and write to support.',
    'account.restrictionLifted': 'The restriction on your account has been lifted. Welcome back!',
  },
  es: {
    'payment.deposit': 'Tu depósito de {{amount}} se ha abonado en tu saldo.',
    'payment.withdrawPending': 'Tu retiro de {{amount}} se está procesando.',
    'payment.withdrawPaid': 'Tu retiro de {{amount}} se ha pagado.',
    'payment.withdrawDeclined': 'Tu retiro de {{amount}} fue rechazado; el importe ha vuelto a tu saldo.',
    'payment.withdrawDeclinedReason':
      'Tu retiro de {{amount}} fue rechazado ({{reason}}); el importe ha vuelto a tu saldo.',
    'wallet.adjustmentCredit': 'Hemos abonado {{amount}} en tu saldo: {{reason}}',
    'wallet.adjustmentDebit': 'Hemos descontado {{amount}} de tu saldo: {{reason}}',
    'verification.approved': 'Tu identidad está verificada. ¡Gracias!',
    'verification.declined':
      'No hemos podido verificar tu identidad. Revisa tu documento e inténtalo de nuevo.',
    'verification.declinedReason':
      'No hemos podido verificar tu identidad ({{reason}}). Revisa tu documento e inténtalo de nuevo.',
    'win.big': '¡Gran premio! Has ganado {{amount}}. ¡Enhorabuena!',
    'win.bigMultiple': '¡Gran premio! Has ganado {{amount}} (×{{multiple}} tu apuesta). ¡Enhorabuena!',
    'security.passwordChanged':
      'Tu contraseña se ha cambiado y se han cerrado todas las sesiones. Si no fuiste tú, contacta con soporte de inmediato.',
    'security.newSignIn':
      'Nuevo inicio de sesión en tu cuenta desde {{browser}} en {{system}}. Si no fuiste tú, cambia tu contraseña.',
    'security.newSignInBrowser':
      'Nuevo inicio de sesión en tu cuenta desde {{browser}}. Si no fuiste tú, cambia tu contraseña.',
    'security.newSignInSystem':
      'Nuevo inicio de sesión en tu cuenta desde un navegador en {{system}}. Si no fuiste tú, cambia tu contraseña.',
    'security.newSignInDevice':
      'Nuevo inicio de sesión en tu cuenta desde un dispositivo nuevo. Si no fuiste tú, cambia tu contraseña.',
    'security.twoStepRemovedBySupport':
      'A petición tuya, soporte ha desactivado el inicio de sesión en dos pasos de tu cuenta. Vuelve a activarlo en tu perfil. Si no lo pediste, contacta con soporte de inmediato.',
    'security.passkeyBlocked':
      'Hemos bloqueado tu llave de acceso «{{name}}»: un inicio de sesión con ella parecía venir de una copia. Inicia sesión de otra forma, elimínala en tu perfil y vuelve a añadirla. Si no fuiste tú, cambia tu contraseña.',
    'bonus.credited': 'Has conseguido un bono ({{rule}}): {{amount}} ya está en tu saldo de bonos.',
    'bonus.creditedBonusMoney':
      'Has conseguido un bono ({{rule}}): {{amount}} en dinero de bono ya están en tu saldo de bonos.',
    'ticket.replied': 'Soporte ha respondido a tu solicitud: {{snippet}}',
    'ticket.statusChanged': 'El estado de la solicitud ha cambiado a: {{status}}',
    'ticket.repliedStatusChanged':
      'Soporte ha respondido a tu solicitud: {{snippet}}\nEl estado de la solicitud ha cambiado a: {{status}}',
    'account.restricted':
      'Tu cuenta ha sido restringida ({{reason}}). Puedes seguir navegando y escribir a soporte.',
    'account.restrictionLifted': 'Se ha levantado la restricción de tu cuenta. ¡Bienvenido de nuevo!',
  },
  fr: {
    'payment.deposit': 'Votre dépôt de {{amount}} a été crédité sur votre solde.',
    'payment.withdrawPending': 'Votre retrait de {{amount}} est en cours de traitement.',
    'payment.withdrawPaid': 'Votre retrait de {{amount}} a été versé.',
    'payment.withdrawDeclined':
      'Votre retrait de {{amount}} a été refusé ; le montant a été recrédité sur votre solde.',
    'payment.withdrawDeclinedReason':
      'Votre retrait de {{amount}} a été refusé ({{reason}}) ; le montant a été recrédité sur votre solde.',
    'wallet.adjustmentCredit': 'Nous avons crédité {{amount}} sur votre solde : {{reason}}',
    'wallet.adjustmentDebit': 'Nous avons débité {{amount}} de votre solde : {{reason}}',
    'verification.approved': 'Votre identité est vérifiée. Merci !',
    'verification.declined':
      'Nous n’avons pas pu vérifier votre identité. Vérifiez votre document et réessayez.',
    'verification.declinedReason':
      'Nous n’avons pas pu vérifier votre identité ({{reason}}). Vérifiez votre document et réessayez.',
    'win.big': 'Gros gain ! Vous avez gagné {{amount}}. Félicitations !',
    'win.bigMultiple': 'Gros gain ! Vous avez gagné {{amount}} (×{{multiple}} votre mise). Félicitations !',
    'security.passwordChanged':
      'Votre mot de passe a été modifié et toutes les sessions ont été fermées. Si ce n’était pas vous, contactez le support immédiatement.',
    'security.newSignIn':
      'Nouvelle connexion à votre compte depuis {{browser}} sous {{system}}. Si ce n’était pas vous, changez votre mot de passe.',
    'security.newSignInBrowser':
      'Nouvelle connexion à votre compte depuis {{browser}}. Si ce n’était pas vous, changez votre mot de passe.',
    'security.newSignInSystem':
      'Nouvelle connexion à votre compte depuis un navigateur sous {{system}}. Si ce n’était pas vous, changez votre mot de passe.',
    'security.newSignInDevice':
      'Nouvelle connexion à votre compte depuis un nouvel appareil. Si ce n’était pas vous, changez votre mot de passe.',
    'security.twoStepRemovedBySupport':
      'À votre demande, le support a désactivé la connexion en deux étapes de votre compte. Réactivez-la dans votre profil. Si vous ne l’avez pas demandé, contactez le support immédiatement.',
    'security.passkeyBlocked':
      'Nous avons bloqué votre clé d’accès « {{name}} » : une connexion avec elle semblait venir d’une copie. Connectez-vous autrement, puis supprimez-la dans votre profil et ajoutez-la à nouveau. Si ce n’était pas vous, changez votre mot de passe.',
    'bonus.credited': 'Vous avez obtenu un bonus ({{rule}}) : {{amount}} est sur votre solde bonus.',
    'bonus.creditedBonusMoney':
      'Vous avez obtenu un bonus ({{rule}}) : {{amount}} en argent bonus sont sur votre solde bonus.',
    'ticket.replied': 'Le support a répondu à votre demande : {{snippet}}',
    'ticket.statusChanged': 'Le statut de la demande est passé à : {{status}}',
    'ticket.repliedStatusChanged':
      'Le support a répondu à votre demande : {{snippet}}\nLe statut de la demande est passé à : {{status}}',
    'account.restricted':
      'Votre compte a été restreint ({{reason}}). Vous pouvez toujours naviguer et écrire au support.',
    'account.restrictionLifted': 'La restriction de votre compte a été levée. Bon retour !',
  },
  it: {
    'payment.deposit': 'Il tuo deposito di {{amount}} è stato accreditato sul tuo saldo.',
    'payment.withdrawPending': 'Il tuo prelievo di {{amount}} è in elaborazione.',
    'payment.withdrawPaid': 'Il tuo prelievo di {{amount}} è stato pagato.',
    'payment.withdrawDeclined':
      'Il tuo prelievo di {{amount}} è stato rifiutato; l’importo è tornato sul tuo saldo.',
    'payment.withdrawDeclinedReason':
      'Il tuo prelievo di {{amount}} è stato rifiutato ({{reason}}); l’importo è tornato sul tuo saldo.',
    'wallet.adjustmentCredit': 'Abbiamo accreditato {{amount}} sul tuo saldo: {{reason}}',
    'wallet.adjustmentDebit': 'Abbiamo addebitato {{amount}} dal tuo saldo: {{reason}}',
    'verification.approved': 'La tua identità è verificata. Grazie!',
    'verification.declined':
      'Non è stato possibile verificare la tua identità. Controlla il documento e riprova.',
    'verification.declinedReason':
      'Non è stato possibile verificare la tua identità ({{reason}}). Controlla il documento e riprova.',
    'win.big': 'Grande vincita! Hai vinto {{amount}}. Congratulazioni!',
    'win.bigMultiple':
      'Grande vincita! Hai vinto {{amount}} (×{{multiple}} la tua puntata). Congratulazioni!',
    'security.passwordChanged':
      'La tua password è stata cambiata e tutte le sessioni sono state chiuse. Se non sei stato tu, contatta subito l’assistenza.',
    'security.newSignIn':
      'Nuovo accesso al tuo account da {{browser}} su {{system}}. Se non sei stato tu, cambia la password.',
    'security.newSignInBrowser':
      'Nuovo accesso al tuo account da {{browser}}. Se non sei stato tu, cambia la password.',
    'security.newSignInSystem':
      'Nuovo accesso al tuo account da un browser su {{system}}. Se non sei stato tu, cambia la password.',
    'security.newSignInDevice':
      'Nuovo accesso al tuo account da un nuovo dispositivo. Se non sei stato tu, cambia la password.',
    'security.twoStepRemovedBySupport':
      'Su tua richiesta, l’assistenza ha disattivato l’accesso in due passaggi del tuo account. Riattivalo nel tuo profilo. Se non l’hai chiesto tu, contatta subito l’assistenza.',
    'security.passkeyBlocked':
      'Abbiamo bloccato la tua passkey «{{name}}»: un accesso con essa sembrava provenire da una copia. Accedi in un altro modo, poi rimuovila nel tuo profilo e aggiungila di nuovo. Se non sei stato tu, cambia la password.',
    'bonus.credited': 'Hai ottenuto un bonus ({{rule}}): {{amount}} è sul tuo saldo bonus.',
    'bonus.creditedBonusMoney':
      'Hai ottenuto un bonus ({{rule}}): {{amount}} in denaro bonus sono sul tuo saldo bonus.',
    'ticket.replied': 'L’assistenza ha risposto alla tua richiesta: {{snippet}}',
    'ticket.statusChanged': 'Lo stato della richiesta è cambiato in: {{status}}',
    'ticket.repliedStatusChanged':
      'L’assistenza ha risposto alla tua richiesta: {{snippet}}\nLo stato della richiesta è cambiato in: {{status}}',
    'account.restricted':
      'Il tuo account è stato limitato ({{reason}}). Puoi ancora navigare e scrivere all’assistenza.',
    'account.restrictionLifted': 'La limitazione del tuo account è stata revocata. Bentornato!',
  },
};
