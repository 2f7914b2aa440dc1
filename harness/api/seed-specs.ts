/**
 * What the seeded learners wrote: their demo notes in six languages, with time and page anchors,
 * as plain data. Kept apart from `seed-notes.ts`, which turns them into full notes, so adding a
 * learner's notes touches data only. Ids and content are fixed, so tests and screenshots can rely
 * on them.
 */
import type { NoteAnchor, ReviewRating } from '../../src/protocol/api-types.ts';

/**
 * A seed note before it is expanded into a full Note. `day` (and `edited`, for notes changed
 * later) is a seed day from 0 to `LAST_SEED_DAY`; `seedTime` (seed-time.ts) says when that was.
 */
export type SeedSpec = {
  ref: string;
  html: string;
  anchor?: NoteAnchor;
  tags?: string[];
  day: number;
  edited?: number;
  /** "Review this note" ticked. */
  inReview?: true;
  /** Review ratings already made, oldest first: [rating, hours before the seed is written]. */
  ratings?: [ReviewRating, number][];
};

const t = (seconds: number): NoteAnchor => ({ kind: 'time', seconds });
const p = (page: number): NoteAnchor => ({ kind: 'page', page });

/** Per seeded learner name: their notes, oldest first. */
export const SEED_SPECS: Record<string, SeedSpec[]> = {
  asha: [
    {
      ref: 'course-ml-101',
      html: '<p>Goal: finish this course before the <strong>team review</strong>.</p>',
      day: 0,
    },
    {
      ref: 'res-ml-linear-video',
      html: '<p>The <strong>cost function</strong> measures the squared error.</p>',
      anchor: t(192),
      tags: ['exam'],
      day: 1,
      inReview: true,
      ratings: [
        [3, 72],
        [3, 71.8],
      ],
    },
    {
      ref: 'res-ml-linear-video',
      html: '<p>रेखीय प्रतिगमन में हम <strong>सबसे अच्छी रेखा</strong> खोजते हैं।</p>',
      anchor: t(415),
      tags: ['हिंदी'],
      day: 2,
      edited: 3,
      inReview: true,
      ratings: [[4, 48]],
    },
    {
      ref: 'res-ml-gradient-pdf',
      html: '<p>Learning rate tips:</p><ul><li>too big: diverges</li><li>too small: slow</li></ul>',
      anchor: p(4),
      tags: ['exam', 'tips'],
      day: 4,
      inReview: true,
    },
    {
      ref: 'res-ml-metrics-article',
      html: '<p>F1 is the <span class="cloze">harmonic mean</span> of precision &amp; recall.</p>',
      day: 6,
    },
    {
      ref: 'res-a11y-landmarks-video',
      html: '<p>Use exactly one <strong>main</strong> landmark per page.</p>',
      anchor: t(75),
      day: 8,
      inReview: true,
      ratings: [
        [3, 24],
        [3, 23.8],
      ],
    },
    {
      ref: 'res-a11y-contrast-pdf',
      html: '<p>सामान्य पाठ के लिए कंट्रास्ट अनुपात कम से कम 4.5:1 होना चाहिए।</p>',
      anchor: p(2),
      day: 9,
      edited: 12,
    },
  ],
  lukas: [
    {
      ref: 'res-a11y-landmarks-video',
      html: '<p>Überschriften <strong>nicht überspringen</strong>: h1 → h2 → h3.</p>',
      anchor: t(130),
      tags: ['wichtig'],
      day: 1,
    },
    {
      ref: 'res-a11y-aria-article',
      html: '<p>Première règle d’ARIA : ne pas utiliser ARIA si un élément natif suffit.</p>',
      day: 3,
    },
    {
      ref: 'res-a11y-contrast-pdf',
      html: '<p>Kontrast prüfen:</p><ul><li>Text 4,5:1</li><li>Große Schrift 3:1</li></ul>',
      anchor: p(4),
      tags: ['checkliste'],
      day: 5,
      edited: 7,
    },
    {
      ref: 'res-lead-async-video',
      html: '<p>Escribir primero, reunirse después. <strong>Documentar</strong> las decisiones.</p>',
      anchor: t(48),
      day: 10,
    },
    {
      ref: 'res-lead-charter-pdf',
      html: '<p>Jedes Meeting braucht ein Ziel und eine Agenda.</p>',
      anchor: p(1),
      day: 11,
    },
    {
      ref: 'course-lead-301',
      html: '<p>Notes pour l’équipe : partager le modèle de charte.</p>',
      tags: ['équipe'],
      day: 12,
    },
  ],
  amira: [
    {
      ref: 'res-ml-linear-video',
      html: '<p>الانحدار الخطي يبحث عن <strong>أفضل خط</strong> يمثل البيانات.</p>',
      anchor: t(260),
      day: 2,
    },
    {
      ref: 'res-ml-metrics-article',
      html: '<p>Recall matters most when missing a positive is costly.</p>',
      tags: ['exam'],
      day: 4,
    },
    {
      ref: 'res-lead-async-video',
      html: '<p>نصائح:</p><ul><li>اكتب قبل أن تجتمع</li><li>سجّل القرارات</li></ul>',
      anchor: t(95),
      day: 7,
      edited: 8,
    },
  ],
  ravi: [
    {
      ref: 'res-lead-async-video',
      html: '<p>Async updates: write the <strong>decision</strong> first, then the context.</p>',
      anchor: t(140),
      tags: ['igot'],
      day: 3,
    },
    {
      ref: 'res-lead-charter-pdf',
      html: '<p>बैठक से पहले <strong>एजेंडा</strong> साझा करें।</p>',
      anchor: p(2),
      day: 6,
      edited: 9,
    },
    {
      ref: 'res-ml-metrics-article',
      html: '<p>Precision: of the cases flagged, how many were right.</p>',
      day: 8,
    },
    {
      ref: 'course-lead-301',
      html: '<p>Finish this course before the <strong>quarterly review</strong>.</p>',
      day: 11,
    },
  ],
};
