/**
 * The backend's settings the login and register pages depend on. Loaded by the pages' `load`, so
 * the server HTML already knows whether to show the captcha and whether registration is open.
 */
import { useQuery } from '@tanstack/react-query';
import { CONFIG_KEYS } from '@shared/system/types';
import { useHttp } from '../../lib/http/context';
import { configQueryOptions } from '../../lib/system';
import type { AppDeps } from '../../lib/page';

const AUTH_CONFIG_KEYS = [CONFIG_KEYS.publicKey, CONFIG_KEYS.captchaEnabled, CONFIG_KEYS.registerUser] as const;

export function loadAuthConfig({ queryClient, http }: Pick<AppDeps, 'queryClient' | 'http'>): Promise<unknown> {
  return Promise.all(AUTH_CONFIG_KEYS.map((key) => queryClient.ensureQueryData(configQueryOptions(http, key))));
}

export interface AuthConfig {
  /** PEM for jsencrypt. */
  publicKey: string;
  captchaEnabled: boolean;
  registrationOpen: boolean;
}

export function useAuthConfig(): AuthConfig {
  const http = useHttp();
  const publicKey = useQuery(configQueryOptions(http, CONFIG_KEYS.publicKey)).data ?? '';
  const captcha = useQuery(configQueryOptions(http, CONFIG_KEYS.captchaEnabled)).data;
  const register = useQuery(configQueryOptions(http, CONFIG_KEYS.registerUser)).data;
  // RuoYi's defaults: captcha on, registration closed, unless the backend says otherwise.
  return { publicKey, captchaEnabled: captcha !== 'false', registrationOpen: register === 'true' };
}
