import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageValues } from './i18n-model.ts';

// formatjs AST node types (TYPE in @formatjs/icu-messageformat-parser), as plain numbers so the
// parser package itself stays out of the bundle.
const LITERAL = 0;
const ARGUMENT = 1;
const NUMBER = 2;
const SELECT = 5;
const PLURAL = 6;
const POUND = 7;

/** A message uses something this formatter leaves to formatjs (dates, tags, number styles…). */
export class UnsupportedMessage extends Error {}

/** True when every node of `ast` is one `formatCompiled` handles. */
export function isSupported(ast: MessageFormatElement[]): boolean {
  return ast.every((el) => {
    if (el.type === LITERAL || el.type === ARGUMENT || el.type === POUND) return true;
    if (el.type === NUMBER) return !el.style;
    if (el.type === SELECT || el.type === PLURAL)
      return Object.values(el.options).every((o) => isSupported(o.value));
    return false;
  });
}

/**
 * Formats a message precompiled by @formatjs/icu-messageformat-parser: literals, `{arg}`, plain
 * `{n, number}`, `select`, and `plural` (cardinal/ordinal, `=N`, `offset`, `#`) with Intl's rules.
 * It is the first load's formatter for the bundled English catalogue, whose every message a test
 * formats here and with formatjs and compares; translated catalogues use formatjs itself.
 */
export function formatCompiled(
  ast: MessageFormatElement[],
  locale: string,
  values: MessageValues = {},
): string {
  const walk = (nodes: MessageFormatElement[], pound: number | null): string => {
    let out = '';
    for (const el of nodes) {
      if (el.type === LITERAL) out += el.value;
      else if (el.type === POUND) out += pound === null ? '#' : new Intl.NumberFormat(locale).format(pound);
      else {
        if (!(el.value in values)) throw new UnsupportedMessage(`missing value for {${el.value}}`);
        const value = values[el.value];
        if (el.type === ARGUMENT) out += String(value);
        else if (el.type === NUMBER && !el.style) out += new Intl.NumberFormat(locale).format(Number(value));
        else if (el.type === SELECT)
          out += walk((el.options[String(value)] ?? el.options.other)?.value ?? [], pound);
        else if (el.type === PLURAL) {
          const n = Number(value);
          const exact = el.options[`=${n}`];
          const rule = new Intl.PluralRules(locale, { type: el.pluralType }).select(n - el.offset);
          const chosen = exact ?? el.options[rule] ?? el.options.other;
          out += walk(chosen?.value ?? [], n - el.offset);
        } else throw new UnsupportedMessage(`unsupported element type ${el.type}`);
      }
    }
    return out;
  };
  return walk(ast, null);
}
