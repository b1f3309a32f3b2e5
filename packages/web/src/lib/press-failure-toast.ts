import { notifications } from '@mantine/notifications';
import { pressFailure } from './api.ts';

/**
 * Says a press failed in a toast, one at a time for `id`: presses on several rows while the server is down would
 * otherwise stack one red toast each.
 */
export function showPressFailure(id: string, title: string, error: unknown): void {
  notifications.hide(id);
  notifications.show({ id, color: 'red', title, message: pressFailure(error) });
}
