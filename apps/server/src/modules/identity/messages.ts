/** The e-mails and SMS the identity service sends: plain text, one link or code each. */

const footer = 'If this was not you, you can ignore this message.';

export const mailTexts = {
  registrationLink: (link: string, minutes: number) => ({
    subject: 'Confirm your email for PAWS',
    text: `Welcome to PAWS!\n\nOpen this link to confirm your email and sign in:\n${link}\n\nThe link is valid for ${minutes} minutes and works once.\n\n${footer}`,
  }),
  loginLink: (link: string, minutes: number) => ({
    subject: 'Your PAWS sign-in link',
    text: `Open this link to sign in to PAWS:\n${link}\n\nThe link is valid for ${minutes} minutes and works once.\n\n${footer}`,
  }),
  resetCode: (code: string, minutes: number) => ({
    subject: 'Your PAWS password reset code',
    text: `Your password reset code is ${code}\n\nIt is valid for ${minutes} minutes.\n\n${footer}`,
  }),
  emailChangeLink: (link: string, minutes: number) => ({
    subject: 'Confirm your new email for PAWS',
    text: `Open this link to confirm your new email address:\n${link}\n\nThe link is valid for ${minutes} minutes and works once.\n\n${footer}`,
  }),
  signUpAttempt: (siteUrl: string) => ({
    subject: 'Someone tried to sign up to PAWS with your email',
    text: `Someone, maybe you, tried to create a PAWS account with this email address, which already has one.\n\nIf it was you, sign in instead, or reset your password if you forgot it:\n${siteUrl}\n\nNo new account was created. ${footer}`,
  }),
  newDeviceSignIn: (device: string, at: string, endLink: string) => ({
    subject: 'New sign-in to your PAWS account',
    text: `Your PAWS account was signed in from a new device: ${device}, on ${at}.\n\nIf this was you, there is nothing to do.\n\nIf it was not you, open this link to sign that device out, then change your password:\n${endLink}`,
  }),
  passkeyBlocked: (name: string, at: string) => ({
    subject: 'A passkey on your PAWS account was blocked',
    text: `We blocked your passkey "${name}" on ${at}: a sign-in with it looked like it came from a copy of it.\n\nIt signs nobody in any more. Sign in another way, remove it in your profile and add it again.\n\nIf you did not try to sign in just now, someone may have copied it: change your password and contact support.`,
  }),
  emailChangedNotice: (newEmail: string) => ({
    subject: 'Your PAWS email was changed',
    text: `The email address of your PAWS account was changed to ${newEmail}.\n\nIf you did not do this, reset your password and contact support.`,
  }),
};

export const smsTexts = {
  signUpAttempt: () =>
    'PAWS: someone tried to sign up with this number, which already has an account. If it was you, sign in or reset your password.',
  registrationCode: (code: string, minutes: number) =>
    `PAWS: your sign-up code is ${code}. Valid for ${minutes} minutes.`,
  loginCode: (code: string, minutes: number) =>
    `PAWS: your sign-in code is ${code}. Valid for ${minutes} minutes.`,
  resetCode: (code: string, minutes: number) =>
    `PAWS: your password reset code is ${code}. Valid for ${minutes} minutes.`,
  phoneChangeCode: (code: string, minutes: number) =>
    `PAWS: your code to confirm this number for your account is ${code}. Valid for ${minutes} minutes.`,
  phoneChangedNotice: (newPhone: string) =>
    `PAWS: the phone number of your account was changed to ${newPhone}. If you did not do this, reset your password and contact support.`,
};
