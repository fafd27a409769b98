/** A parsed message of the fake SMTP receiver: unfolded, decoded headers (lower-case names) and the decoded text. */
export type ParsedMail = { headers: Record<string, string>; text: string };

function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string): ParsedMail {
  const lines = raw.split('\n').map((l) => (l.startsWith('..') ? l.slice(1) : l));
  const blank = lines.indexOf('');
  const headerLines = lines.slice(0, blank);
  const headers: Record<string, string> = {};
  let last = '';
  for (const line of headerLines) {
    if (/^\s/.test(line) && last) headers[last] += ` ${line.trim()}`;
    else {
      const colon = line.indexOf(':');
      last = line.slice(0, colon).toLowerCase();
      headers[last] = line.slice(colon + 1).trim();
    }
  }
  for (const key of Object.keys(headers)) headers[key] = decodeWords(headers[key]!);
  // List-Unsubscribe's long URL may have been folded: the angle brackets hold it whole.
  if (headers['list-unsubscribe']) headers['list-unsubscribe'] = headers['list-unsubscribe'].replace(/\s+/g, '');
  const body = lines.slice(blank + 1).join('\n');
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { headers, text };
}

/** The token of a link in a message's text (`…/alerts/confirm?token=…`). */
export function linkToken(text: string, path: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`/alerts/${path}\\?token=([A-Za-z0-9._-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in:\n${text}`);
  return match[1]!;
}
