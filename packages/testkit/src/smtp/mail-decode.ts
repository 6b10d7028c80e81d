/**
 * Just enough MIME decoding to read test e-mails: header unfolding, RFC 2047 encoded words,
 * multipart bodies, quoted-printable and base64. Not a general mail parser.
 */

export type ParsedMail = {
  headers: Map<string, string>;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
};

function splitHeadAndBody(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Unfold continuation lines (a line starting with whitespace continues the previous header).
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

function charsetDecode(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.toLowerCase()).decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes quoted-printable into bytes: soft line breaks removed, =XX escapes resolved. */
export function decodeQuotedPrintable(input: string): Buffer {
  const unwrapped = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped[i]!;
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes RFC 2047 encoded words (`=?utf-8?B?…?=`, `=?utf-8?Q?…?=`) in a header value. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, encoding: string, text: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : decodeQuotedPrintable(text.replace(/_/g, ' '));
      return charsetDecode(bytes, charset);
    });
}

function headerParam(value: string, name: string): string | null {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

type Part = { contentType: string; charset: string; body: string };

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParam(headers.get('content-type') ?? '', 'charset') ?? 'utf-8';
  if (encoding === 'base64') return charsetDecode(Buffer.from(body.replace(/\s+/g, ''), 'base64'), charset);
  if (encoding === 'quoted-printable') return charsetDecode(decodeQuotedPrintable(body), charset);
  return body;
}

function collectParts(headers: Map<string, string>, body: string, into: Part[]): void {
  const contentType = headers.get('content-type') ?? 'text/plain';
  const mime = contentType.split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return;
    const sections = body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      const { head, body: partBody } = splitHeadAndBody(section.replace(/^\r?\n/, ''));
      collectParts(parseHeaders(head), partBody.replace(/\r?\n$/, ''), into);
    }
    return;
  }
  into.push({ contentType: mime, charset: 'utf-8', body: decodeBody(headers, body) });
}

function addresses(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => /<([^>]+)>/.exec(part)?.[1] ?? part.trim())
    .filter((part) => part.length > 0);
}

/** Parses a raw RFC 5322 message into the fields tests look at. */
export function parseMail(raw: string): ParsedMail {
  const { head, body } = splitHeadAndBody(raw);
  const headers = parseHeaders(head);
  const parts: Part[] = [];
  collectParts(headers, body, parts);
  const text = parts.find((p) => p.contentType === 'text/plain')?.body;
  const html = parts.find((p) => p.contentType === 'text/html')?.body ?? null;
  return {
    headers,
    from: addresses(headers.get('from'))[0] ?? '',
    to: addresses(headers.get('to')),
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    // Some senders only send HTML: fall back to its text so links stay findable.
    text: text ?? html?.replace(/<[^>]+>/g, ' ') ?? '',
    html,
  };
}
