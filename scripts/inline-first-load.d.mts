/** Types for inline-first-load.mjs (plain JavaScript so build.mjs can run it on bare node). */
export const SHARED_GLOBAL: string;
export class InlineError extends Error {}
export function specifiers(list: string, where: string): [string, string][];
export function publishExports(code: string): string;
export function readSharedImports(code: string, urls: string[], where: string): string;
export function assertScript(code: string, what: string): void;
export function cspHash(text: string): string;
