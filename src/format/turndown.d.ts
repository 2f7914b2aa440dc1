/**
 * The slice of turndown's API the course export uses (the package ships no types). Kept to what
 * `html-to-markdown.ts` calls, so a wrong call is a type error rather than a runtime surprise.
 */
declare module 'turndown' {
  /** Which elements a rule applies to: tag names (lower case) or a test. */
  type Filter = string | string[] | ((node: HTMLElement) => boolean);
  /** A conversion rule: the Markdown for an element, given its already converted content. */
  type Rule = { filter: Filter; replacement: (content: string, node: HTMLElement) => string };
  /** Output style options. */
  type Options = {
    headingStyle?: 'setext' | 'atx';
    hr?: string;
    bulletListMarker?: '-' | '+' | '*';
    codeBlockStyle?: 'indented' | 'fenced';
    emDelimiter?: '_' | '*';
    strongDelimiter?: '**' | '__';
  };
  /** An HTML → Markdown converter. */
  export default class TurndownService {
    constructor(options?: Options);
    addRule(key: string, rule: Rule): this;
    remove(filter: Filter): this;
    escape(text: string): string;
    turndown(html: string): string;
  }
}
