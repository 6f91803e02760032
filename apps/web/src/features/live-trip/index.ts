/** What other features use of the live trip: the chat with the chosen driver (a booking's before it starts). */
export { TripChatPanel } from './shared/chat/trip-chat-panel';
