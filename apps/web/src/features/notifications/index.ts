/**
 * Notifications: the 'Notificaciones' section of both profiles and the permission prompt the
 * driver's status page and the passenger's waiting trip show. The browser side is lib/push.ts.
 */
import './notifications.css';

export { NotificationsSection } from './components/notifications-section';
export { EnablePushPrompt } from './components/enable-push-prompt';
