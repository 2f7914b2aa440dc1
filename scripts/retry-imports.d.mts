/** Types for retry-imports.mjs (plain JavaScript so build.mjs can run it on bare node). */
export const IMPORT_GLOBAL: string;
export function retryImports(code: string, options: { lazy: boolean; where: string }): string;
