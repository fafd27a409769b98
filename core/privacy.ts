/**
 * What personal data looks like in free text (an address's query or path, an error message), for every place
 * that must never keep it: the stored attribution and page addresses (core/tracking/events.ts), the log lines
 * (server/logger.ts) and the error reports (core/errors/sentry.ts). One definition, so they all agree.
 */

/**
 * An e-mail address: something@domain.tld, without the spaces, quotes, brackets and list separators around it,
 * nor the `/ ? = & #` of an address it sits in (`/u/anna@example.ru/inbox`, `?email=anna@example.ru&…`). The
 * parts are bounded as in RFC 5321 (a local part of 64, a domain of 253), which also keeps the search linear on
 * a long text without `@`.
 */
const EMAIL = /[^\s@"'<>()[\],;:/?=&#]{1,64}@[^\s@"'<>()[\],;:/?=&#]{1,253}\.[^\s@"'<>()[\],;:/?=&#]{2,63}/g;

/**
 * A phone number: `+` and 10–15 digits (spaces, brackets, dots and dashes between them allowed); a Russian
 * number with its 7 or 8 (11 digits, `8 (916) 123-45-67`, `79161234567`); a Russian mobile without it (10 digits
 * from 9, `916 123-45-67`). Not a longer run of digits (a counter's client id, a timestamp), nor one that starts
 * elsewhere (an ad network's 11-digit ad id starts with 1).
 */
const PHONE = new RegExp(
  [
    String.raw`(?<![\d+])(?:`,
    String.raw`\+\s?\d(?:[\s().-]{0,2}\d){9,14}`,
    String.raw`|[78][\s(-]{0,2}\d{3}[\s)-]{0,2}\d{3}[\s-]?\d{2}[\s-]?\d{2}`,
    String.raw`|\(?9\d{2}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}`,
    String.raw`)(?!\d)`,
  ].join(''),
  'g',
);

/** Percent-decoded, `+` read as a space (an address's query), where it can be decoded. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Whether the text, as written or percent-decoded, holds an e-mail address or a phone number. */
export function hasPersonalShape(text: string): boolean {
  for (const candidate of new Set([text, decoded(text)])) {
    EMAIL.lastIndex = 0;
    PHONE.lastIndex = 0;
    if (EMAIL.test(candidate) || PHONE.test(candidate)) return true;
  }
  return false;
}

/** The text with each e-mail address and phone number replaced by `[email]` / `[phone]`. */
export function redactPersonal(text: string): string {
  return text.replace(EMAIL, '[email]').replace(PHONE, '[phone]');
}

/** PostgreSQL quotes the offending value after a colon (`invalid input syntax for type uuid: "…"`); identifiers keep their quotes. */
const QUOTED_VALUE = /: "(?:[^"]|"")*"/g;

/**
 * A message without the values it carried, for a log line or an error report: drizzle's "Failed query: …
 * params: …" loses its parameters, quoted values in database messages are cut, and anything shaped like an
 * e-mail address or a phone number goes too.
 */
export function safeMessage(message: string): string {
  const withoutParams = message.split(/(?:^|\s)params:/)[0]!;
  return redactPersonal(withoutParams.replace(QUOTED_VALUE, ': "[redacted]"'));
}

/**
 * A URL or path without the buyer's deal token (`/deal/{token}`, `/en/deal/{token}/documents/1`: issue #39), which opens
 * a deal to whoever reads it, nor a CRM webhook's secret segment (`/api/crm/amocrm/events/{secret}/`: issue #43): logs
 * and error reports write `/deal/[token]` and `/events/[secret]`.
 */
export function hideDealToken(url: string): string {
  return url.replace(/\/deal\/[^/?#]+/, '/deal/[token]').replace(/(\/api\/crm\/[a-z0-9]+\/events)\/[^/?#]+/, '$1/[secret]');
}
