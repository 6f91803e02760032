import type * as schema from './schema';

/**
 * Row types several server modules read: services name the rows their repositories return without
 * importing the tables themselves.
 */
export type UserRow = typeof schema.users.$inferSelect;
export type DriverProfileRow = typeof schema.driverProfiles.$inferSelect;
export type VehicleRow = typeof schema.vehicles.$inferSelect;
export type TripRow = typeof schema.trips.$inferSelect;
export type TripOfferRow = typeof schema.tripOffers.$inferSelect;
export type FareAdjustmentRow = typeof schema.fareAdjustments.$inferSelect;
export type DriverDocumentRow = typeof schema.driverDocuments.$inferSelect;
export type SafetyAlertRow = typeof schema.safetyAlerts.$inferSelect;
export type DriverLedgerEntryRow = typeof schema.driverLedgerEntries.$inferSelect;
export type AuditLogRow = typeof schema.auditLog.$inferSelect;
export type PhoneVerificationCodeRow = typeof schema.phoneVerificationCodes.$inferSelect;
export type PasswordResetRow = typeof schema.passwordResets.$inferSelect;
