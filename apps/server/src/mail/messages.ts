import type { Mail } from './mailer';

/** The mails Belfry sends. Plain text: readable everywhere, nothing to render. */
export const verificationMail = (to: string, code: string): Mail => ({
  to,
  subject: `Your Belfry code: ${code}`,
  text: [
    'Welcome to Belfry!',
    '',
    `Your verification code is ${code}. Enter it on the verification page to finish setting up your account.`,
    'It is valid for 30 minutes.',
    '',
    'If you did not sign up for Belfry, ignore this mail.',
  ].join('\n'),
});

/** Sent instead of a code when someone registers with an address that has an account. */
export const alreadyRegisteredMail = (to: string, appUrl: string): Mail => ({
  to,
  subject: 'Your Belfry account',
  text: [
    'Someone just tried to create a Belfry account with this e-mail address, but it already has one.',
    '',
    `If that was you, log in at ${appUrl}/login, or choose "Forgot password?" there to set a new password.`,
    'If it was not you, you can ignore this mail; your account is unchanged.',
  ].join('\n'),
});

export const recoveryMail = (to: string, code: string): Mail => ({
  to,
  subject: `Your Belfry password reset code: ${code}`,
  text: [
    `Your code to set a new password is ${code}. It is valid for 30 minutes.`,
    '',
    'If you did not ask to reset your password, ignore this mail; your password is unchanged.',
  ].join('\n'),
});
