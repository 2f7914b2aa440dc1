/**
 * The demo course catalogue behind the seed notes: three courses with modules and resources of
 * each kind (video, PDF, article), so every screen has something realistic to show.
 */

/** One resource a learner can take notes on. */
export type SeedResource = { refId: string; refTitle: string; mimeType: string };

/** A module and its resources. */
export type SeedModule = { moduleId: string; moduleTitle: string; resources: SeedResource[] };

/** A course and its modules. */
export type SeedCourse = { courseId: string; courseTitle: string; modules: SeedModule[] };

const VIDEO = 'video/mp4';
const PDF = 'application/pdf';
const ARTICLE = 'text/html';

/** Fixed ids so tests and the parent page can point at known resources. */
export const SEED_CATALOG: SeedCourse[] = [
  {
    courseId: 'course-ml-101',
    courseTitle: 'Machine Learning Foundations',
    modules: [
      {
        moduleId: 'module-ml-1',
        moduleTitle: 'Supervised learning',
        resources: [
          { refId: 'res-ml-linear-video', refTitle: 'Linear regression explained', mimeType: VIDEO },
          { refId: 'res-ml-gradient-pdf', refTitle: 'Gradient descent handout', mimeType: PDF },
        ],
      },
      {
        moduleId: 'module-ml-2',
        moduleTitle: 'Model evaluation',
        resources: [
          { refId: 'res-ml-metrics-article', refTitle: 'Precision, recall and F1', mimeType: ARTICLE },
        ],
      },
    ],
  },
  {
    courseId: 'course-a11y-201',
    courseTitle: 'Accessible Web Design',
    modules: [
      {
        moduleId: 'module-a11y-1',
        moduleTitle: 'Semantic structure',
        resources: [
          { refId: 'res-a11y-landmarks-video', refTitle: 'Landmarks and headings', mimeType: VIDEO },
          { refId: 'res-a11y-aria-article', refTitle: 'ARIA: when not to use it', mimeType: ARTICLE },
        ],
      },
      {
        moduleId: 'module-a11y-2',
        moduleTitle: 'Colour and contrast',
        resources: [{ refId: 'res-a11y-contrast-pdf', refTitle: 'WCAG contrast checklist', mimeType: PDF }],
      },
    ],
  },
  {
    courseId: 'course-lead-301',
    courseTitle: 'Leading Remote Teams',
    modules: [
      {
        moduleId: 'module-lead-1',
        moduleTitle: 'Communication',
        resources: [
          { refId: 'res-lead-async-video', refTitle: 'Async first', mimeType: VIDEO },
          { refId: 'res-lead-charter-pdf', refTitle: 'Meeting charter template', mimeType: PDF },
        ],
      },
    ],
  },
];

/** Where a resource sits in the catalogue, or undefined for an unknown id. */
export function locateResource(
  refId: string,
): { course: SeedCourse; module: SeedModule; resource: SeedResource } | undefined {
  for (const course of SEED_CATALOG) {
    for (const module of course.modules) {
      const resource = module.resources.find((r) => r.refId === refId);
      if (resource) return { course, module, resource };
    }
  }
  return undefined;
}

/** A course by id, for notes taken on a course itself (refId = courseId). */
export const findCourse = (courseId: string): SeedCourse | undefined =>
  SEED_CATALOG.find((c) => c.courseId === courseId);
