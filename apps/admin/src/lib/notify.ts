import { message as staticMessage } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';

/**
 * The api layer (outside React) tells the operator about failures and successes through
 * antd's message. The instance from `App.useApp()` follows the theme, locale and direction
 * of the ConfigProvider; `NotifyBridge` (app/provider.tsx) hands it over once mounted.
 */
let instance: MessageInstance = staticMessage;

export function setMessageInstance(next: MessageInstance): void {
  instance = next;
}

export const notify = {
  success: (text: string) => void instance.success(text),
  error: (text: string) => void instance.error(text),
  warning: (text: string) => void instance.warning(text),
};
