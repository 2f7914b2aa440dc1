import { useT } from '../../use-value.ts';

/** The operators `Search notes` understands (docs/search.md): an example of each → what it finds. */
const OPERATORS = {
  'tag:exam': 'notes with this tag',
  'course:"Data Science"': 'notes in a course whose title contains this',
  'after:2026-11-01': 'notes written on or after this day',
  'before:2026-11-01': 'notes written before this day',
  'is:unsaved': 'notes not saved to the server yet',
  'is:review': 'notes in review',
  '"exact words"': 'these words together, as typed',
} as const;
const EXAMPLES = Object.keys(OPERATORS) as (keyof typeof OPERATORS)[];

/**
 * A short help under the search box: a disclosure listing the operators, each as it is typed
 * (`<code dir="ltr">`: operators are written the same in every language) and what it finds.
 * `id` names the summary line, which describes the search field.
 */
export function SearchHelp({ id }: { id: string }) {
  const t = useT();
  return (
    <details className="search-help">
      <summary id={id}>{t('Search with operators such as {example}', { example: 'tag:exam' })}</summary>
      <dl>
        {EXAMPLES.map((example) => (
          <div key={example}>
            <dt>
              <code dir="ltr">{example}</code>
            </dt>
            <dd>{t(OPERATORS[example])}</dd>
          </div>
        ))}
      </dl>
      <p>{t('Anything else is searched for as text. Several operators must all match.')}</p>
    </details>
  );
}
