import { Text } from '@studio/ui';
import { z, type Infer } from '../../../lib/shape';
import * as styles from './pages.css';
import { RichText, type RichTextProps } from './RichText';

/** A titled block of text: paragraphs, then a bulleted list, then closing paragraphs. */
export const contentSectionSchema = z.object({
  heading: z.string(),
  paragraphs: z._default(z.array(z.string()), []),
  items: z._default(z.array(z.string()), []),
  closing: z._default(z.array(z.string()), []),
});
export type ContentSection = Infer<typeof contentSectionSchema>;

export interface ContentSectionBodyProps {
  t: RichTextProps['t'];
  /** Where the section lives in the namespace, e.g. "privacy.sections.cookies". */
  baseKey: string;
  section: ContentSection;
}

/** The body of a content section (its heading is the caller's), with inline links rendered. */
export function ContentSectionBody({ t, baseKey, section }: ContentSectionBodyProps) {
  return (
    <div className={styles.prose}>
      {section.paragraphs.map((_, index) => (
        <Text as="p" key={index}>
          <RichText t={t} i18nKey={`${baseKey}.paragraphs.${index}`} />
        </Text>
      ))}
      {section.items.length > 0 ? (
        <ul className={styles.bulletList}>
          {section.items.map((_, index) => (
            <li key={index}>
              <RichText t={t} i18nKey={`${baseKey}.items.${index}`} />
            </li>
          ))}
        </ul>
      ) : null}
      {section.closing.map((_, index) => (
        <Text as="p" key={index}>
          <RichText t={t} i18nKey={`${baseKey}.closing.${index}`} />
        </Text>
      ))}
    </div>
  );
}
