/** Markdown and number formatting shared by the bench's tables. */

/** Bytes with thousands separators. */
export const B = (n: number): string => `${n.toLocaleString('en-US')} B`;

/** One Markdown table row. */
export const row = (cells: string[]): string => `| ${cells.join(' | ')} |`;

/** A Markdown table. */
export const table = (head: string[], rows: string[][]): string =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');

/** Samples as whole ms, comma-separated. */
export const list = (xs: number[]): string => xs.map((x) => Math.round(x)).join(', ');
