/** The session: logging in, creating an account, the session user's own record. */
import { z } from 'zod';

import {
  zAuthResult,
  zDriverRegistration,
  zLoginRequest,
  zRegisterDriverRequest,
  zRegisterRequest,
  zUpdateUserRequest,
  zUser,
} from '../../index';
import { endpoint } from '../endpoint';

export const login = endpoint({
  method: 'POST',
  path: '/auth/login',
  tag: 'auth',
  auth: false,
  summary: 'Log in with e-mail and password',
  body: zLoginRequest,
  answer: zAuthResult,
  status: 200,
});

export const register = endpoint({
  method: 'POST',
  path: '/auth/register',
  tag: 'auth',
  auth: false,
  summary: 'Create an account',
  body: zRegisterRequest,
  answer: zAuthResult,
  status: 201,
});

export const sessionUser = endpoint({
  method: 'GET',
  path: '/auth/profile',
  tag: 'auth',
  summary: 'The session user',
  polled: true,
  answer: zUser,
  status: 200,
});

export const updateSessionUser = endpoint({
  method: 'PUT',
  path: '/auth/profile',
  tag: 'auth',
  summary: 'Update the session user',
  body: zUpdateUserRequest,
  answer: zUser,
  status: 200,
});

export const logout = endpoint({
  method: 'POST',
  path: '/auth/logout',
  tag: 'auth',
  summary: 'Revoke this session',
  answer: z.null(),
  status: 200,
});

export const registerAsDriver = endpoint({
  method: 'POST',
  path: '/auth/register-driver',
  tag: 'auth',
  summary: 'Register the session user as a driver',
  body: zRegisterDriverRequest,
  answer: zDriverRegistration,
  status: 201,
});
