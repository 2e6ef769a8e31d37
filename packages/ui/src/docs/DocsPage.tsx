import {
  Controls,
  Description,
  Markdown,
  Primary,
  Stories,
  Subtitle,
  Title,
  useOf,
} from '@storybook/addon-docs/blocks';
import * as styles from './docsPage.css';
import { isComponentUsage, type ComponentUsage } from './usage';

/**
 * Every component's docs page: what it is (its doc comment), when to use it and the do/don't notes
 * (`parameters.usage`), the first story live, the props table with its controls, then every story.
 * Page stories have no usage notes and get the rest.
 */
export function DocsPage() {
  const resolved = useOf('meta');
  const usage: unknown =
    resolved.type === 'meta' ? resolved.preparedMeta.parameters['usage'] : undefined;
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      {isComponentUsage(usage) && <UsageNotes usage={usage} />}
      <Primary />
      <h2 className={styles.sectionHeading}>Props</h2>
      <Controls />
      <Stories title="Examples and states" />
    </>
  );
}

function UsageNotes({ usage }: { usage: ComponentUsage }) {
  return (
    // Storybook's docs page stays light whatever the toolbar's theme: so do the notes.
    <section aria-labelledby="usage-heading" data-theme="light" className={styles.usage}>
      <h2 id="usage-heading" className={styles.sectionHeading}>
        Usage
      </h2>
      <Markdown>{usage.use}</Markdown>
      <div className={styles.doDont}>
        <NoteList kind="do" heading="Do" notes={usage.do} />
        <NoteList kind="dont" heading="Don’t" notes={usage.dont} />
      </div>
    </section>
  );
}

function NoteList({
  kind,
  heading,
  notes,
}: {
  kind: 'do' | 'dont';
  heading: string;
  notes: readonly string[];
}) {
  return (
    <div className={styles.noteColumn[kind]}>
      <h3 className={styles.noteHeading[kind]}>{heading}</h3>
      <ul className={styles.noteList}>
        {notes.map((note) => (
          <li key={note}>
            <Markdown>{note}</Markdown>
          </li>
        ))}
      </ul>
    </div>
  );
}
