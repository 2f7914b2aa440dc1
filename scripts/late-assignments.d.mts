/** Types for late-assignments.mjs (plain JavaScript so build.mjs can run it on bare node). */
export function lateAssignmentSites(
  code: string,
  topLevel: ReadonlySet<string>,
): { name: string; at: number }[];
export function lateAssignments(code: string, topLevel: ReadonlySet<string>): string[];
