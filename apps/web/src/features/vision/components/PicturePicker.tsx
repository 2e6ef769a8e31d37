import { Button, Inline, Stack, Text, visuallyHidden } from '@studio/ui';
import { ImagePlus, Library, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { nameOf, type ChosenPicture } from '../model/chosenPicture';
import { megabytes, pictureTypes } from '../model/pictureCheck';
import { PicturePreview } from './PicturePreview';
import * as styles from './vision.css';

export interface PicturePickerProps {
  picture: ChosenPicture | null;
  /** A file chosen with the button (dropping and pasting are the page's). */
  onFile: (file: File) => void;
  onOpenLibrary: () => void;
  maxFileBytes: number | null;
  /** What is wrong with the last file offered (not a picture, too large), in words. */
  problem: string | null;
  disabled: boolean;
}

/**
 * Where the picture comes from: a file (the button, or dropped or pasted anywhere on the page),
 * or the person's library. Once chosen, the picture is shown with a way to choose another.
 */
export function PicturePicker({
  picture,
  onFile,
  onOpenLibrary,
  maxFileBytes,
  problem,
  disabled,
}: PicturePickerProps) {
  const { t } = useTranslation('vision');
  const input = useRef<HTMLInputElement>(null);
  const choose = () => input.current?.click();

  const buttons = (
    <Inline gap="sm" justify={picture ? 'start' : 'center'}>
      <Button
        variant={picture ? 'secondary' : 'primary'}
        icon={<Upload size={16} aria-hidden="true" />}
        onClick={choose}
        disabled={disabled}
      >
        {picture ? t('picture.change') : t('picture.choose')}
      </Button>
      <Button
        variant="secondary"
        icon={<Library size={16} aria-hidden="true" />}
        onClick={onOpenLibrary}
        disabled={disabled}
      >
        {t('picture.fromLibrary')}
      </Button>
    </Inline>
  );

  return (
    <Stack gap="sm">
      <input
        ref={input}
        type="file"
        accept={pictureTypes.join(',')}
        className={visuallyHidden}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file chosen again still counts.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      {picture ? (
        <div className={styles.previewFrame}>
          <PicturePreview
            picture={picture}
            label={t('picture.preview', { name: nameOf(picture) })}
          />
          <Text as="p" size="sm" tone="secondary">
            {picture.kind === 'library' ? t('picture.fromYourLibrary') : picture.name}
          </Text>
          {buttons}
        </div>
      ) : (
        <div className={styles.dropZone}>
          <ImagePlus size={32} aria-hidden="true" />
          <Text as="p" weight="semibold">
            {t('picture.drop')}
          </Text>
          {buttons}
          <Text as="p" size="sm" tone="secondary">
            {t('picture.paste')}
          </Text>
          {maxFileBytes ? (
            <Text as="p" size="sm" tone="secondary">
              {t('picture.types', { size: megabytes(maxFileBytes) })}
            </Text>
          ) : null}
        </div>
      )}
      {problem ? (
        <Text as="p" size="sm" tone="critical" role="alert">
          {problem}
        </Text>
      ) : null}
    </Stack>
  );
}
