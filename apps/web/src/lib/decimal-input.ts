/**
 * What a person typed into a number field, read the way they meant it (issue 30: "12,5" was saved as
 * 125). One decimal mark, a point or a comma: "12,5" and "12.5" are 12.5. Anything else is refused with a
 * sentence saying how to write it, never guessed: thousands separators ("1,234.5"), a comma before exactly
 * three digits ("12,500": twelve and a half, or twelve thousand five hundred?), exponents, words.
 * An empty field is `null` (no value), which the caller may accept or refuse.
 * @example parseDecimalInput('12,5') // { ok: true, value: 12.5 }
 * @example parseDecimalInput('12,500') // { ok: false, message: 'write 12.5 or 12500: "12,500" could be either' }
 */
export type DecimalInput = { ok: true; value: number | null } | { ok: false; message: string };

const plainDecimal = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

export function parseDecimalInput(typed: string): DecimalInput {
  const text = typed.trim().replace(/\s/g, '');
  if (text === '') return { ok: true, value: null };
  if (/^[-+]?\d{1,3},\d{3}$/.test(text)) {
    const [whole, part] = text.split(',');
    return {
      ok: false,
      message: `write ${whole}.${part!.replace(/0+$/, '') || '0'} or ${whole}${part}: "${text}" could be either`,
    };
  }
  if (/\d[.,]\d*[.,]/.test(text)) {
    return { ok: false, message: 'write the number without thousands separators, like 1234.5' };
  }
  if (!plainDecimal.test(text)) return { ok: false, message: 'write a number, like 12.5' };
  return { ok: true, value: Number(text.replace(',', '.')) };
}
