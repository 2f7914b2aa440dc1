/** Types for first-load-checks.mjs (plain JavaScript so build.mjs can run it on bare node). */
export function publishedExports(app: string): [string, string | null][];
export function sharedReads(code: string, where: string): string[];
export function firstLoadProblems(app: string, lazy: { where: string; code: string }[]): string[];
export function assertFirstLoad(app: string, lazy: { where: string; code: string }[]): void;
