import type { SettingsService } from '../../core/settings/settings.service.js';

/** A plain e-mail address (what operators put in `support_email`). */
const EMAIL = /^[^\s@<>"'`;,()\\]{1,64}@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;
/** Host names that may be written into a Content-Security-Policy source as they are. */
const HOST = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/**
 * The origin (`https://chat.example:8443`) of an http(s) URL an operator configured, or
 * null for anything else. The result goes into a security header, so only plain host
 * names pass: no credentials, quotes, separators or IPv6 brackets can reach the header.
 */
export function safeOrigin(raw: string | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || !HOST.test(url.hostname)) return null;
  return url.origin;
}

/** The origins outside this server the app may reach, for the Content-Security-Policy. */
export interface ExternalOrigins {
  /** The customer-service page shown in the chat frame (`service_link`). */
  frame: string | null;
  /** The host answering `/complaint_email` (`complaint_host`). */
  connect: string | null;
}

/**
 * Customer support settings (docs/product.md §3 App settings, §7 `/complaint_email`): the chat
 * service link and its host, the support e-mail and the host that answers for it.
 */
export class SupportService {
  constructor(private readonly settings: SettingsService) {}

  /** The configured support e-mail, or empty when none (or no valid one) is set. */
  async complaintEmail(): Promise<{ email: string }> {
    const email = (await this.settings.text('support_email')).trim();
    return { email: EMAIL.test(email) ? email : '' };
  }

  async externalOrigins(): Promise<ExternalOrigins> {
    return {
      frame: safeOrigin(await this.settings.text('service_link')),
      connect: safeOrigin(await this.settings.text('complaint_host')),
    };
  }
}
