/** What other features use of the live trip: the chat with the chosen driver (a booking's before it starts). */
export { TripChatPanel } from './shared/chat/trip-chat-panel';
/** 'Proponer otro precio' of a live request card, also on a booking's card in "Programados". */
export { CounterOfferForm } from './driver-view/components/counter-offer-form';
