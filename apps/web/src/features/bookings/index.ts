export { WhenChoice } from './components/when-choice';
export { chosenScheduledFor, takeScheduleError, useBookingChoice } from './model/booking-time';
export { BookingCreatedNotice, UpcomingBookings, type BookedState } from './components/upcoming-bookings';
export { DriverBookings, RequestsTabs } from './components/driver-bookings';
export { BookingReminderBanner } from './components/booking-reminder-banner';
export { bookingKeys } from './api/bookings-api';
