/**
 * Writing the registries and assembled lists as `npm run lint` wants them: biome formats the JSON it checks, and a
 * file written otherwise would fail the lint (and the test comparing it with a fresh build, once reformatted).
 */

/** biome.json's formatter.lineWidth. */
const LINE_WIDTH = 110;

/**
 * JSON.stringify(value, null, 2), except that an array of numbers, strings, booleans or nulls goes on one line
 * when that line fits, as biome puts it (it keeps objects expanded as written, but not arrays).
 */
export function formatJson(value: unknown): string {
  return `${print(value, '', '', '')}\n`;
}

function print(value: unknown, indent: string, prefix: string, suffix: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every((item) => item === null || typeof item !== 'object')) {
      const inline = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      if (indent.length + prefix.length + inline.length + suffix.length <= LINE_WIDTH) return inline;
    }
    const inner = `${indent}  `;
    const items = value.map(
      (item, i) => `${inner}${print(item, inner, '', i < value.length - 1 ? ',' : '')}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const members = entries.map(([key, item], i) => {
      const name = `${JSON.stringify(key)}: `;
      return `${inner}${name}${print(item, inner, name, i < entries.length - 1 ? ',' : '')}`;
    });
    return `{\n${members.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
