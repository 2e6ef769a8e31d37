import { useTranslation } from 'react-i18next';
import { FirstScreen } from '../../../components/FirstScreen';
import { useKeyValueStore } from '../../../lib/storeContext';
import { ChatView } from './ChatView';
import * as styles from './chat.css';
import { LazySpokenReplyPlayer } from './voice/LazySpokenReplyPlayer';
import { useVoiceSettings } from './voice/useVoiceSettings';
import { VoiceSettingsButton } from './voice/VoiceSettingsButton';

const noConversation = () => undefined;

/**
 * The chat on `/` for visitors: free models, the conversation kept in this browser only. It
 * reaches to the bottom of the first screen (the page may leave room under it).
 */
export function VisitorChat() {
  const { t } = useTranslation('chat');
  const store = useKeyValueStore();
  const [voice, setVoice] = useVoiceSettings(store);
  return (
    <FirstScreen>
      <section className={styles.visitor} aria-labelledby="visitor-chat-title">
        <h2 id="visitor-chat-title" className={styles.title}>
          {t('visitor.title')}
        </h2>
        <p className={styles.muted}>{t('visitor.lead')}</p>
        <ChatView
          signedIn={false}
          conversationId={null}
          onConversationChange={noConversation}
          voiceSettings={voice}
          sendDictation={voice.sendDictation}
          renderSpokenReply={(spoken) => <LazySpokenReplyPlayer {...spoken} />}
          toolbar={<VoiceSettingsButton value={voice} onChange={setVoice} />}
        />
      </section>
    </FirstScreen>
  );
}
