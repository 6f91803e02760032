/** "Verifica tu celular": a signed-in passenger or driver confirms their own mobile with a code sent by SMS. */
import { zConfirmPhoneCodeRequest, zPhoneVerification } from '../../index';
import { endpoint } from '../endpoint';

export const phoneVerification = endpoint({
  method: 'GET',
  path: '/phone-verification',
  tag: 'phone-verification',
  summary: 'Whether my mobile is verified, and the code in flight (never the code itself)',
  answer: zPhoneVerification,
  status: 200,
});

export const sendPhoneCode = endpoint({
  method: 'POST',
  path: '/phone-verification/code',
  tag: 'phone-verification',
  summary: 'Send a 6-digit code by SMS to my mobile (one a minute; 10 minutes valid, 5 tries)',
  answer: zPhoneVerification,
  status: 201,
});

export const confirmPhoneCode = endpoint({
  method: 'POST',
  path: '/phone-verification/confirm',
  tag: 'phone-verification',
  summary: 'Confirm my mobile with the code received by SMS',
  body: zConfirmPhoneCodeRequest,
  answer: zPhoneVerification,
  status: 200,
});
