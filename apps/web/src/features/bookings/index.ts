export { WhenChoice } from './when-choice';
export { chosenScheduledFor, takeScheduleError, useBookingChoice } from './booking-time';
export { BookingCreatedNotice, UpcomingBookings, type BookedState } from './upcoming-bookings';
export { DriverBookings, RequestsTabs } from './driver-bookings';
export { BookingReminderBanner } from './booking-reminder-banner';
export { bookingKeys } from './booking-api';
