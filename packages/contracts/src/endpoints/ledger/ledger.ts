/** 'Saldo con Jala': the driver reads their balance; operators read any driver's and record top-ups and adjustments. */
import { zDriverLedger, zIdParam, zLedgerAdjustmentRequest, zLedgerEntry, zLedgerTopUpRequest } from '../../index';
import { endpoint } from '../endpoint';

export const driverLedger = endpoint({
  method: 'GET',
  path: '/driver/ledger',
  tag: 'driver',
  summary: "The signed-in driver's balance with Jala, the floor and their newest entries",
  answer: zDriverLedger,
  status: 200,
});

export const adminDriverLedger = endpoint({
  method: 'GET',
  path: '/admin/drivers/:id/ledger',
  tag: 'admin',
  summary: "A driver's balance with Jala and newest entries",
  params: zIdParam,
  answer: zDriverLedger,
  status: 200,
});

export const recordLedgerTopUp = endpoint({
  method: 'POST',
  path: '/admin/drivers/:id/ledger/top-ups',
  tag: 'admin',
  summary: "Record a driver's top-up paid by Yape (its operation number may be recorded once); audited",
  params: zIdParam,
  body: zLedgerTopUpRequest,
  answer: zLedgerEntry,
  status: 201,
});

export const recordLedgerAdjustment = endpoint({
  method: 'POST',
  path: '/admin/drivers/:id/ledger/adjustments',
  tag: 'admin',
  summary: "Adjust a driver's balance by a signed amount with a reason; audited",
  params: zIdParam,
  body: zLedgerAdjustmentRequest,
  answer: zLedgerEntry,
  status: 201,
});
