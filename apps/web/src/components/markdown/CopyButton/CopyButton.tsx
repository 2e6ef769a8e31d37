import { IconButton } from '@studio/ui';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const COPIED_FOR_MS = 2000;

/** Copies text to the clipboard and says so for a moment (on the button and to screen readers). */
export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const { t } = useTranslation('common');
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <IconButton
      variant="ghost"
      size="sm"
      label={copied ? t('markdown.copied') : label}
      icon={copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
      onClick={() => {
        navigator.clipboard
          .writeText(text())
          .then(() => setCopied(true))
          .catch((error: unknown) => console.warn('Copying to the clipboard failed.', error));
      }}
    />
  );
}
