import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Loaded on the first toast only (see lib/notify). Toasts sit at the bottom right (product §2). */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" limit={4} zIndex={1000} />;
}
