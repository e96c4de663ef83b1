import type { DeviceType, InAppBrowser } from '@shared/device';
import { getInAppBrowser } from '@shared/device';
import { getDeviceType } from '@shared/user-agent';

/** Device type and in-app browser of a User-Agent, by the rules the server's redirect uses. */
export function deviceStateOf(userAgent: string | null | undefined): { device: DeviceType; inApp: InAppBrowser | null } {
  return { device: getDeviceType(userAgent), inApp: getInAppBrowser(userAgent) };
}
