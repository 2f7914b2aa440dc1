import { useCallback, useState } from 'react';
import type { Note } from '../../../protocol/api-types.ts';
import { NoteCard } from '../../notes/NoteCard.tsx';
import { useT } from '../../use-value.ts';
import { CourseGroup } from './CourseGroup.tsx';
import type { ModuleGroup } from './group-notes.ts';

/** The grouped notes and which groups (by key) the learner collapsed. */
export type CourseGroupsProps = {
  groups: readonly ModuleGroup[];
  collapsed: ReadonlySet<string>;
  onToggle(key: string): void;
};

const countOf = (group: ModuleGroup) => group.resources.reduce((n, r) => n + r.notes.length, 0);

/**
 * A course's notes: modules (`h2`, "Course notes" for notes on no module), resources (`h3`) and
 * note cards (`h4` titles: where in the resource each note was taken), one note edited at a time.
 */
export function CourseGroups({ groups, collapsed, onToggle }: CourseGroupsProps) {
  const t = useT();
  const [editing, setEditing] = useState<string | null>(null);
  const edit = useCallback((note: Note) => setEditing(note.noteId), []);
  const stopEditing = useCallback(() => setEditing(null), []);
  return (
    <div className="course-groups">
      {groups.map((group, m) => (
        <CourseGroup
          key={group.key}
          id={`module-${m}`}
          level={2}
          title={group.moduleId === null ? t('Course notes') : group.title || t('Untitled')}
          count={countOf(group)}
          open={!collapsed.has(group.key)}
          onToggle={() => onToggle(group.key)}
        >
          {group.resources.map((resource, r) => (
            <CourseGroup
              key={resource.key}
              id={`module-${m}-${r}`}
              level={3}
              title={resource.title || t('Untitled')}
              count={resource.notes.length}
              open={!collapsed.has(resource.key)}
              onToggle={() => onToggle(resource.key)}
            >
              <ul className="course-notes">
                {resource.notes.map((note) => (
                  <li key={note.noteId}>
                    <NoteCard
                      note={note}
                      title="anchor"
                      headingLevel={4}
                      editing={editing === note.noteId}
                      onEdit={edit}
                      onEditEnd={stopEditing}
                    />
                  </li>
                ))}
              </ul>
            </CourseGroup>
          ))}
        </CourseGroup>
      ))}
    </div>
  );
}
