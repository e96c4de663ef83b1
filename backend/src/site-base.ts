/** The portal's public origin for absolute links in feeds and exports. */
import type { Request } from 'express';
import type { BackendConfig } from './config';

/** SITE_URL, else the host the request came to (through the portal's proxy headers when present). */
export function siteBase(config: Pick<BackendConfig, 'siteUrl'>, req: Request): string {
  if (config.siteUrl) return config.siteUrl;
  const proto = req.get('x-forwarded-proto')?.split(',')[0]?.trim() || req.protocol;
  const host = req.get('x-forwarded-host')?.split(',')[0]?.trim() || req.get('host') || 'localhost';
  return `${proto === 'https' ? 'https' : 'http'}://${host}`;
}
