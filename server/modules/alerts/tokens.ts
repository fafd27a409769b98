import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '#core/http/antibot.ts';

/** What a signed link lets its bearer do: confirm the subscription, or end it. */
export type AlertAction = 'confirm' | 'unsubscribe';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The links in alert e-mails (ADR 021): `{subscription id}.{HMAC-SHA256(ALERTS_SECRET, action:id)}`, base64url.
 * Nothing is stored per link: the signature proves the server wrote it, the action is part of what is signed
 * (a confirm link never unsubscribes), and the action itself is idempotent (confirming twice changes nothing).
 */
export function alertTokens(secret: string) {
  const mac = (action: AlertAction, id: string) => createHmac('sha256', secret).update(`alert:${action}:${id}`).digest('base64url');
  return {
    sign: (action: AlertAction, id: string): string => `${id}.${mac(action, id)}`,
    /** The subscription id a valid token names, else null. */
    verify(action: AlertAction, token: unknown): string | null {
      if (typeof token !== 'string' || token.length > 200) return null;
      const dot = token.indexOf('.');
      const id = token.slice(0, dot);
      if (dot < 0 || !UUID.test(id)) return null;
      return constantTimeEqual(token.slice(dot + 1), mac(action, id)) ? id : null;
    },
  };
}
export type AlertTokens = ReturnType<typeof alertTokens>;
