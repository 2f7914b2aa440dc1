/** Types for preact-source.mjs (plain JavaScript so build.mjs can run it on bare node). */
import type { Plugin } from 'esbuild';

export function preactFromSource(preactDir: string): Plugin;
export function preactPrivateNames(preactDir: string): string[];
export function distInternalReads(code: string): string[];
export function unmangledNames(code: string, names: string[]): string[];
export function assertPreactFromSource(files: string[], names: string[]): void;
