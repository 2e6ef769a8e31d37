import type { RewriteInstruction } from '@studio/contracts';
import { rewriteInstructions } from '@studio/contracts/chatOptions';
import { Button } from '@studio/ui';
import { Sparkles, Undo2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../../components/DeferredMenu';
import { chatErrorMessage } from '../api/errors';
import { rewrite } from '../api/rewrite';
import * as styles from './chat.css';

export interface ImproveMenuProps {
  text: string;
  modelId: string | null;
  disabled: boolean;
  onRewritten: (text: string) => void;
  /** The rewrite call, for stories and tests to hold or fail; the API's by default. */
  rewriteText?: typeof rewrite;
}

/**
 * "Improve prompt": rewrites the draft (shorter, longer, more formal, more casual, fix grammar,
 * translate to English or Vietnamese) with POST /api/chat/rewrite; Undo brings the draft back.
 */
export function ImproveMenu({
  text,
  modelId,
  disabled,
  onRewritten,
  rewriteText = rewrite,
}: ImproveMenuProps) {
  const { t } = useTranslation('chat');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [undo, setUndo] = useState<{ before: string; after: string } | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  // Typing after a rewrite makes it the user's text again: nothing to undo.
  const canUndo = undo !== null && undo.after === text;

  const run = (instruction: RewriteInstruction) => {
    const before = text;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setPending(true);
    setError(null);
    rewriteText(before, instruction, modelId, current.signal)
      .then(({ text: after }) => {
        setUndo({ before, after });
        onRewritten(after);
      })
      .catch((failure: unknown) => {
        if (!current.signal.aborted) {
          setError(chatErrorMessage(failure) ?? t('improve.failed'));
        }
      })
      .finally(() => {
        if (!current.signal.aborted) setPending(false);
      });
  };

  return (
    <>
      {/* The menu's code loads when it is first wanted: the composer is on every first screen. */}
      <DeferredMenu
        align="start"
        trigger={
          <Button
            type="button"
            variant="ghost"
            icon={<Sparkles size={16} aria-hidden="true" />}
            loading={pending}
            disabled={disabled || pending || !text.trim()}
          >
            <span className={styles.composerToolLabel}>{t('improve.label')}</span>
          </Button>
        }
      >
        {(menu) =>
          rewriteInstructions.map((instruction) => (
            <menu.Item key={instruction} onSelect={() => run(instruction)}>
              {t(`improve.instructions.${instruction}`)}
            </menu.Item>
          ))
        }
      </DeferredMenu>
      {canUndo && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          icon={<Undo2 size={16} aria-hidden="true" />}
          onClick={() => {
            onRewritten(undo.before);
            setUndo(null);
          }}
        >
          {t('improve.undo')}
        </Button>
      )}
      {error && (
        <span role="alert" className={styles.muted}>
          {error}
        </span>
      )}
    </>
  );
}
