import type { ReactNode } from 'react';
import { useT } from '../../use-value.ts';

/** What a collapsible group shows and how it is toggled. */
export type CourseGroupProps = {
  /** A DOM id prefix unique on the screen. */
  id: string;
  level: 2 | 3;
  title: string;
  count: number;
  open: boolean;
  onToggle(): void;
  children: ReactNode;
};

/**
 * A module (`h2`) or resource (`h3`) of a course, collapsible: its heading holds a button named
 * by the group's title, with `aria-expanded` and `aria-controls`. A collapsed body keeps its
 * content but is `hidden`, so the print stylesheet can still print every group expanded; the
 * title is repeated as plain text that only print shows (print has no buttons).
 */
export function CourseGroup({ id, level, title, count, open, onToggle, children }: CourseGroupProps) {
  const t = useT();
  const Heading = level === 2 ? 'h2' : 'h3';
  const body = `${id}-body`;
  return (
    <section className={`course-group level-${level}`}>
      <div className="group-head">
        <Heading className="group-title">
          <button
            type="button"
            className="group-toggle"
            aria-expanded={open}
            aria-controls={body}
            onClick={onToggle}
          >
            <span dir="auto">{title}</span>
          </button>
          <span className="print-only" dir="auto">
            {title}
          </span>
        </Heading>
        <span className="count">{t('note count', { count })}</span>
      </div>
      <div className="group-body" id={body} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
