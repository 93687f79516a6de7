/**
 * What a player reads that the server writes: notifications and bonus names, kept as a key with parameters
 * and rendered in the reader's language (issue 18 point 8). Plain constants without zod: the web app's first
 * screen (the header bell) renders them. The server stores the English rendering beside the key (searched,
 * read by staff, and shown as it is when a key is unknown or a row predates keys).
 */

export const messageLanguages = ['en', 'es', 'fr', 'it'] as const;
export type MessageLanguage = (typeof messageLanguages)[number];

/** A parameter that is itself translated: a bonus rule's name (its key) with the stored text as fallback. */
export interface BonusNameRef {
  bonusName: string;
  params?: Record<string, string | number>;
  text: string;
}
/** A parameter that is a support request's status (its code), with the English label as fallback. */
export interface TicketStatusRef {
  ticketStatus: string;
  text: string;
}
export type MessageParam = string | number | BonusNameRef | TicketStatusRef;
export type MessageParams = Record<string, MessageParam>;

type Catalog<K extends string> = Record<MessageLanguage, Record<K, string>>;

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

const languageOf = (language: string | undefined): MessageLanguage => {
  const short = (language ?? 'en').slice(0, 2).toLowerCase();
  return (messageLanguages as readonly string[]).includes(short) ? (short as MessageLanguage) : 'en';
};

const isBonusNameRef = (value: unknown): value is BonusNameRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BonusNameRef).bonusName === 'string' &&
  typeof (value as BonusNameRef).text === 'string';

/** The template with its {{placeholders}} filled; undefined when a parameter is missing or malformed. */
function fill(
  template: string,
  params: MessageParams | null | undefined,
  language: MessageLanguage,
): string | undefined {
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params?.[name];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (isBonusNameRef(value)) return renderBonusName(value.bonusName, value.params, value.text, language);
    if (isTicketStatusRef(value)) return renderTicketStatus(value.ticketStatus, value.text, language);
    missing = true;
    return '';
  });
  return missing ? undefined : text;
}

const isTicketStatusRef = (value: unknown): value is TicketStatusRef =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TicketStatusRef).ticketStatus === 'string' &&
  typeof (value as TicketStatusRef).text === 'string';

// ---- Support request statuses, as the player's list labels them (spec 001 §3) ----

const ticketStatusCodes = [
  'CREATED',
  'IN_PROGRESS',
  'RESOLVE_REQUEST',
  'RETURNED',
  'CLOSED',
  'AUTO_CLOSED',
] as const;
type TicketStatusCode = (typeof ticketStatusCodes)[number];

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

function renderTicketStatus(code: string, text: string, language: MessageLanguage): string {
  return (ticketStatusCodes as readonly string[]).includes(code)
    ? ticketStatusNames[language][code as TicketStatusCode]
    : text;
}

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

export const isBonusNameKey = (key: unknown): key is BonusNameKey =>
  typeof key === 'string' && (bonusNameKeys as readonly string[]).includes(key);

/**
 * A bonus name in the reader's language: the key's translation when the key is known and its parameters
 * fit, else the stored text (a name an operator typed, or a rule added without a key).
 */
export function renderBonusName(
  key: string | null | undefined,
  params: MessageParams | null | undefined,
  text: string,
  language?: string,
): string {
  if (!isBonusNameKey(key)) return text;
  return fill(bonusNames[languageOf(language)][key], params, languageOf(language)) ?? text;
}

// ---- Notifications written by the server (payments, wins, security, bonuses, verification) ----

export const notificationMessageKeys = [
  'payment.deposit',
  'payment.withdrawPending',
  'payment.withdrawPaid',
  'payment.withdrawDeclined',
  'payment.withdrawDeclinedReason',
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

export const isNotificationMessageKey = (key: unknown): key is NotificationMessageKey =>
  typeof key === 'string' && (notificationMessageKeys as readonly string[]).includes(key);

/** A notification to write: its key and parameters, and the English text stored beside them. */
export function notificationMessage(
  key: NotificationMessageKey,
  params: MessageParams = {},
): { message: string; messageKey: NotificationMessageKey; messageParams: MessageParams } {
  const message = fill(notificationTexts.en[key], params, 'en');
  if (message === undefined) throw new Error(`Notification ${key} is missing a parameter`);
  return { message, messageKey: key, messageParams: params };
}

/**
 * A notification's text in the reader's language. Rows without a key (written before keys, or an
 * operator's broadcast typed in one language), unknown keys and parameters that do not fit show the
 * stored text.
 */
export function renderNotificationMessage(
  notification: {
    notificationMessage: string;
    messageKey?: string | null;
    messageParams?: MessageParams | null;
  },
  language?: string,
): string {
  const { messageKey, messageParams, notificationMessage: stored } = notification;
  if (!isNotificationMessageKey(messageKey)) return stored;
  const lang = languageOf(language);
  return fill(notificationTexts[lang][messageKey], messageParams, lang) ?? stored;
}

/**
 * A support request's notice to its player: the staff reply (its first words, as written) and/or the status
 * it moved to. The English text is what the tickets module wrote before keys (one line each).
 */
export function ticketNotice(change: { snippet?: string; status?: { code: string; label: string } }) {
  const status = change.status ? { ticketStatus: change.status.code, text: change.status.label } : undefined;
  if (change.snippet !== undefined && status)
    return notificationMessage('ticket.repliedStatusChanged', { snippet: change.snippet, status });
  if (change.snippet !== undefined) return notificationMessage('ticket.replied', { snippet: change.snippet });
  if (status) return notificationMessage('ticket.statusChanged', { status });
  return undefined;
}
