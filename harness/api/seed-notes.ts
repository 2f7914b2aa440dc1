/**
 * Turns the seeded learners' note specs (seed-specs.ts) into full notes. Dates are relative to when
 * the seed is written (a new data file), so the notes read "3 days ago", not "2 years ago", on any
 * day.
 */

import { plainText } from '../../server/src/notes/plain-text.ts';
import type { Note, ReviewCard } from '../../src/protocol/api-types.ts';
import { rate } from '../../src/review/schedule.ts';
import { findCourse, locateResource } from './seed-catalog.ts';
import { SEED_SPECS, type SeedSpec } from './seed-specs.ts';
import { seedTime } from './seed-time.ts';

/** The card a spec's ratings leave, each made the given hours before `now`; null when never rated. */
const cardOf = (spec: SeedSpec, now: Date): ReviewCard | null =>
  (spec.ratings ?? []).reduce<ReviewCard | null>(
    (card, [rating, hoursAgo]) => rate(card, rating, new Date(now.getTime() - hoursAgo * 3_600_000)),
    null,
  );

const expand = (name: string, displayName: string, spec: SeedSpec, index: number, now: Date): Note => {
  const found = locateResource(spec.ref);
  const course = found?.course ?? findCourse(spec.ref);
  if (!course) throw new Error(`seed note refers to unknown resource ${spec.ref}`);
  const createdOn = seedTime(now, spec.day, index);
  return {
    noteId: `seed-${name}-${String(index + 1).padStart(2, '0')}`,
    refId: spec.ref,
    moduleId: found?.module.moduleId ?? null,
    courseId: course.courseId,
    refTitle: found?.resource.refTitle ?? course.courseTitle,
    moduleTitle: found?.module.moduleTitle ?? null,
    courseTitle: course.courseTitle,
    domain: 'lex-dev.infosysapps.com',
    appRef: null,
    displayName,
    content: spec.html,
    text: plainText(spec.html),
    anchor: spec.anchor ?? null,
    tags: spec.tags ?? [],
    createdOn,
    updatedOn: spec.edited === undefined ? createdOn : seedTime(now, spec.edited, index),
    version: spec.edited === undefined ? 1 : 2,
    inReview: spec.inReview === true,
    review: cardOf(spec, now),
  };
};

/**
 * The seed notes of one learner (by seed name), oldest first, dated relative to `now` (the moment
 * the seed is written); empty for an unknown name.
 */
export function seedNotesFor(name: string, displayName: string, now: Date): Note[] {
  const specs = Object.hasOwn(SEED_SPECS, name) ? (SEED_SPECS[name] ?? []) : [];
  return specs.map((spec, i) => expand(name, displayName, spec, i, now));
}
