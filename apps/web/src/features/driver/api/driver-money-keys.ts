import { driverKeys } from './driver-api';

/**
 * The reads that show the driver's money — the earnings card and chart (one prefix) and today's stats — read
 * again when one of their Yape/Plin payments moves (app/payment-news.ts): a confirmed payment becomes earnings.
 */
export const driverMoneyKeys = (userId: number): readonly (readonly unknown[])[] => [
  driverKeys.earningsSummary(userId).slice(0, 3),
  driverKeys.stats(userId),
];
