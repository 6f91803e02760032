/** Passwords: asking for a reset link by e-mail, checking and using it, and the change a signed-in person makes. */
import { z } from 'zod';

import {
  zChangePasswordRequest,
  zPasswordResetCheck,
  zPasswordResetConfirm,
  zPasswordResetLink,
  zPasswordResetRequest,
} from '../../index';
import { endpoint } from '../endpoint';

/** Answered the same (status, body, time) whether or not the e-mail has an account: the mail leaves later. */
export const requestPasswordReset = endpoint({
  method: 'POST',
  path: '/auth/password-reset',
  tag: 'auth',
  auth: false,
  summary: 'Send a password reset link to an e-mail, if it has an account',
  body: zPasswordResetRequest,
  answer: z.null(),
  status: 200,
});

export const checkPasswordReset = endpoint({
  method: 'POST',
  path: '/auth/password-reset/check',
  tag: 'auth',
  auth: false,
  summary: 'Tell whether a password reset link can still be used',
  body: zPasswordResetCheck,
  answer: zPasswordResetLink,
  status: 200,
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/auth/password-reset/confirm',
  tag: 'auth',
  auth: false,
  summary: 'Choose a new password with a reset link (ends every session of the account)',
  body: zPasswordResetConfirm,
  answer: z.null(),
  status: 200,
});

export const changePassword = endpoint({
  method: 'PUT',
  path: '/auth/password',
  tag: 'auth',
  summary: "Change the session user's password (ends their other sessions)",
  body: zChangePasswordRequest,
  answer: z.null(),
  status: 200,
});
