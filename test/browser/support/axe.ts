/**
 * axe-core in the app's frame: zero violations of ANY impact under WCAG 2.0 A/AA, 2.1 AA and 2.2 AA,
 * plus axe's best practices. The latter matter: `heading-order` (a card's h3 right under the h1),
 * `landmark-*` and `region` are tagged `best-practice` only, so a run limited to the WCAG tags
 * never even checks them. A failure lists every violation with its help text and the elements it
 * names.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame } from 'playwright-core';
import * as assert from 'uvu/assert';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The standards every screen is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One violation, reduced to what a reader needs. */
export type AxeViolation = {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; summary: string }[];
};

/** Runs axe over `frame`'s document and returns its violations. */
export async function axeViolations(frame: Frame): Promise<AxeViolation[]> {
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE);
  return frame.evaluate(async (tags) => {
    type Result = {
      violations: {
        id: string;
        impact: string | null;
        help: string;
        helpUrl: string;
        nodes: { target: unknown[]; failureSummary?: string }[];
      }[];
    };
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<Result> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: n.failureSummary ?? '',
      })),
    }));
  }, AXE_TAGS);
}

/** Readable text of violations for a failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => `    - ${n.target}\n      ${n.summary.replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  ${v.id} (${v.impact ?? 'no impact'}): ${v.help}\n  ${v.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** Fails, listing every violation, unless axe finds none in `frame`. `label` names the case. */
export async function expectNoAxeViolations(frame: Frame, label: string): Promise<void> {
  const violations = await axeViolations(frame);
  if (violations.length === 0) return;
  assert.unreachable(
    `axe found ${violations.length} violation(s) in ${label}:\n${describeViolations(violations)}`,
  );
}
