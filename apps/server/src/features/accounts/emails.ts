import type { MailMessage } from '../../core/mailer.ts';

/** The texts of the account e-mails, kept apart from the logic that decides to send them. */

export function confirmationEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Tidewatch',
    text: [
      'Welcome to Tidewatch!',
      '',
      'Click the link below to confirm your email address and continue setting up your account:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.',
    ].join('\n'),
  };
}

export function alreadyRegisteredEmail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: 'You already have a Tidewatch account',
    text: [
      'Someone (hopefully you) tried to sign up for Tidewatch with this e-mail address,',
      'but you already have an account.',
      '',
      `Log in here: ${loginUrl}`,
      '',
      'If this was not you, you can ignore this e-mail: nothing has changed.',
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Tidewatch password',
    text: [
      'Someone (hopefully you) asked to reset the password of your Tidewatch account.',
      '',
      'Choose a new password here:',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. Using it logs out every session of your account.',
      'If you did not ask for this, ignore this e-mail: your password has not changed.',
    ].join('\n'),
  };
}

export function passwordSetupEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Choose a password for your Tidewatch account',
    text: [
      'Someone (hopefully you) signed in to Tidewatch with a wallet asked to add this e-mail address',
      'and a password to their account.',
      '',
      'Choose your password here (it also confirms this address):',
      '',
      link,
      '',
      'The link works once and expires in 1 hour. If you did not ask for this, ignore this e-mail.',
    ].join('\n'),
  };
}

export function addressTakenEmail(to: string, loginUrl: string): MailMessage {
  return {
    to,
    subject: 'This address already has a Tidewatch account',
    text: [
      'Someone (hopefully you) asked to add this e-mail address to a Tidewatch account made from a wallet,',
      'but this address already has a Tidewatch account, so nothing was changed.',
      '',
      `Log in with it here: ${loginUrl}`,
      'or choose another address in the wallet account settings.',
    ].join('\n'),
  };
}
