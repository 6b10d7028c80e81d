/**
 * Refused input told in words a person reads (issue 30): zod's own texts ("Invalid input: expected number,
 * received string") and dotted paths ("body.rules.0.threshold") are for programs. The `details` keep the
 * exact field path for clients that place a message under its input; the messages and the summary are
 * plain. A schema's own message (`{ error: 'must be a chain id (a number)' }`) is kept as written.
 */

/** What fastify-type-provider-zod hands over per zod issue: its code, message and the issue's own facts. */
export type ValidationIssue = { keyword: string; message?: string; params: Record<string, unknown> };

const typeNames: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  bigint: 'a whole number',
};

const formatNames: Record<string, string> = {
  email: 'an e-mail address like name@example.com',
  url: 'a web address (https://…)',
  uuid: 'an id',
  datetime: 'a date and time (ISO 8601)',
};

const units: Record<string, [string, string]> = {
  string: ['character', 'characters'],
  array: ['item', 'items'],
  set: ['item', 'items'],
};

/** zod's default texts start like this; a message written in a schema does not. */
const zodDefault = /^(Invalid|Too (small|big)|Unrecognized|Expected)/;

function sizeMessage(bound: number, origin: unknown, side: string) {
  const unit = units[String(origin)];
  if (unit) return `must have ${side} ${bound} ${bound === 1 ? unit[0] : unit[1]}`;
  return `must be ${side} ${bound}`;
}

/** One issue's message in plain words. */
export function plainIssueMessage(issue: ValidationIssue): string {
  const message = issue.message ?? '';
  if (message && !zodDefault.test(message)) return message;
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      if (/received undefined/.test(message)) return 'required';
      return `must be ${typeNames[String(params.expected)] ?? String(params.expected)}`;
    case 'too_small':
      return sizeMessage(
        Number(params.minimum),
        params.origin,
        params.inclusive === false ? 'more than' : 'at least',
      );
    case 'too_big':
      return sizeMessage(
        Number(params.maximum),
        params.origin,
        params.inclusive === false ? 'less than' : 'at most',
      );
    case 'invalid_format':
      return `must be ${formatNames[String(params.format)] ?? 'in the expected format'}`;
    case 'invalid_value': {
      const values = Array.isArray(params.values) ? params.values.map((v) => JSON.stringify(v)) : [];
      return values.length > 0 ? `must be one of ${values.join(', ')}` : 'is not an accepted value';
    }
    case 'not_multiple_of':
      return `must be a multiple of ${String(params.divisor)}`;
    default:
      return 'is not valid';
  }
}

/**
 * A field path as people say it: its last named part, underscores as spaces.
 * @example fieldLabel('body.rules.0.threshold') // 'threshold'
 * @example fieldLabel('querystring.wallet_address') // 'wallet address'
 */
function fieldLabel(field: string): string {
  const named = field
    .split('.')
    .slice(1)
    .filter((part) => !/^\d+$/.test(part));
  return (named.at(-1) ?? field).replaceAll('_', ' ');
}

/** The one-word detail messages clients already match on, as the summary says them. */
const shortMessages: Record<string, string> = {
  required: 'is required',
  'unknown field': 'is not a field this request takes',
};

/** The sentence for a refused request: each field with its message, as a person reads it. */
export function validationSummary(details: { field: string; message: string }[]): string {
  if (details.length === 0) return 'Please check the form: something in it is not valid.';
  // "must be a number" needs its field; "the password must have at least 8 characters" names it already.
  const parts = details.map((detail) => {
    const message = shortMessages[detail.message] ?? detail.message;
    return /^(must|is|are|has|needs)\b/.test(message)
      ? `the ${fieldLabel(detail.field)} ${message}`
      : message;
  });
  const sentence = parts.join('; ');
  return `Please check the form: ${sentence}.`;
}
