/** Types for first-load-document.mjs (plain JavaScript so build.mjs can run it on bare node). */
import type { InlineHashes } from './deploy-headers.d.mts';

export function inlinableFirstLoad(
  root: string,
  outputs: Record<string, { imports?: { path: string; kind: string }[] }>,
  entry: string,
  url: (file: string) => string,
): string;
export function checkInlinedChunks(
  root: string,
  outputs: Record<string, unknown>,
  chunk: string,
  entry: string,
): void;
export function firstLoadDocument(parts: {
  early: string;
  css: string;
  app: string;
  fallbackUrl: string;
  extraStyles?: string[];
}): { html: string; inline: InlineHashes };
