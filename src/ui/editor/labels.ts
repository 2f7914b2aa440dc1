import type { EditorLabels } from '../../editor/types.ts';
import type { Translate } from '../../i18n/i18n-model.ts';

/** The editor's names and messages, translated. */
export const editorLabels = (t: Translate): EditorLabels => ({
  toolbar: t('Formatting'),
  bold: t('Bold'),
  italic: t('Italic'),
  underline: t('Underline'),
  strike: t('Strikethrough'),
  link: t('Link'),
  ordered: t('Numbered list'),
  bullet: t('Bulleted list'),
  quote: t('Quote'),
  code: t('Code block'),
  h1: t('Heading 1'),
  h2: t('Heading 2'),
  h3: t('Heading 3'),
  image: t('Insert image'),
  cloze: t('Hide in review'),
  linkAddress: t('Link address'),
  linkApply: t('Add link'),
  linkRemove: t('Remove link'),
  linkCancel: t('Cancel'),
  linkInvalid: t('Enter a web address such as https://example.com, or an email address.'),
});
