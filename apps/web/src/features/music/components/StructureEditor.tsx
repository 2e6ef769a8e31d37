import { MUSIC_STRUCTURE_MAX, musicSections, type MusicSection } from '@studio/contracts';
import { Button, IconButton, Select, Text } from '@studio/ui';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addSection, moveSection, removeSection } from '../form/musicForm';
import * as styles from './music.css';

export interface StructureEditorProps {
  value: readonly MusicSection[];
  onChange: (structure: MusicSection[]) => void;
  disabled?: boolean;
}

/**
 * The piece's sections in order: each can move up or down or go; a section picked from the list
 * is added at the end. Empty leaves the structure to the composer.
 */
export function StructureEditor({ value, onChange, disabled }: StructureEditorProps) {
  const { t } = useTranslation('music');
  const hintId = useId();
  const [next, setNext] = useState<MusicSection>('verse');
  const full = value.length >= MUSIC_STRUCTURE_MAX;
  return (
    <fieldset className={styles.group} aria-describedby={hintId} disabled={disabled}>
      <legend className={styles.legend}>{t('form.structure')}</legend>
      <Text as="p" size="sm" tone="secondary" id={hintId}>
        {t('form.structureHint')}
      </Text>
      {value.length === 0 ? (
        <Text as="p" size="sm">
          {t('form.structureEmpty')}
        </Text>
      ) : (
        <ol className={styles.sectionList}>
          {value.map((section, index) => {
            const named = { section: t(`sections.${section}`), position: index + 1 };
            return (
              <li key={`${index}-${section}`} className={styles.sectionRow}>
                <span className={styles.grow}>
                  <Text as="span" size="sm">
                    {index + 1}. {t(`sections.${section}`)}
                  </Text>
                </span>
                <IconButton
                  size="sm"
                  icon={<ArrowUp size={16} />}
                  label={t('form.moveUp', named)}
                  disabled={index === 0}
                  onClick={() => onChange(moveSection(value, index, -1))}
                />
                <IconButton
                  size="sm"
                  icon={<ArrowDown size={16} />}
                  label={t('form.moveDown', named)}
                  disabled={index === value.length - 1}
                  onClick={() => onChange(moveSection(value, index, 1))}
                />
                <IconButton
                  size="sm"
                  icon={<X size={16} />}
                  label={t('form.removeSection', named)}
                  onClick={() => onChange(removeSection(value, index))}
                />
              </li>
            );
          })}
        </ol>
      )}
      <div className={styles.withButton}>
        <div className={styles.grow}>
          <Select
            size="sm"
            label={t('form.addSection')}
            options={musicSections.map((section) => ({
              value: section,
              label: t(`sections.${section}`),
            }))}
            value={next}
            placeholder={false}
            onChange={(event) => setNext(event.target.value as MusicSection)}
          />
        </div>
        <Button
          size="sm"
          variant="secondary"
          icon={<Plus size={16} aria-hidden="true" />}
          disabled={full}
          onClick={() => onChange(addSection(value, next))}
        >
          {t('form.addSectionButton')}
        </Button>
      </div>
    </fieldset>
  );
}
