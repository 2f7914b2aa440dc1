/**
 * The slice of commonmark's API (the CommonMark reference parser, a devDependency that ships no
 * types) the export tests use to read an exported `.md` as a Markdown viewer would.
 */
declare module 'commonmark' {
  /** A node of the parsed document: `html_inline` and `html_block` are raw HTML. */
  type Node = { type: string; literal: string | null; destination: string | null; walker(): Walker };
  /** A depth-first walk over a document. */
  type Walker = { next(): { entering: boolean; node: Node } | null };
  /** The CommonMark parser. */
  export class Parser {
    parse(markdown: string): Node;
  }
}
