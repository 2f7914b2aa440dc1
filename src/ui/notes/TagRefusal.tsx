import { MAX_TAG_CHARS, MAX_TAGS } from '../../protocol/tag-rules.ts';
import { useT } from '../use-value.ts';
import type { Refusal } from './TagField.tsx';

/** Why a tag was not added, in the learner's words (the tag field's problem line). */
export function TagRefusal({ refusal }: { refusal: Refusal }) {
  const t = useT();
  switch (refusal.reason) {
    case 'duplicate':
      return <>{t('This note already has the tag {tag}.', { tag: refusal.tag })}</>;
    case 'too-many':
      return <>{t('A note can have at most {max} tags.', { max: MAX_TAGS })}</>;
    case 'too-long':
      return <>{t('A tag can have at most {max} characters.', { max: MAX_TAG_CHARS })}</>;
    default:
      return null;
  }
}
