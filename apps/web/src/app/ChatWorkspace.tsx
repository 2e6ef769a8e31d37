import { useCallback, useState } from 'react';
import { FirstScreen } from '../components/FirstScreen';
import { ChatView } from '../features/chat/components/ChatView';
import { LazySpokenReplyPlayer } from '../features/chat/components/voice/LazySpokenReplyPlayer';
import { useVoiceSettings } from '../features/chat/components/voice/useVoiceSettings';
import { VoiceSettingsButton } from '../features/chat/components/voice/VoiceSettingsButton';
import { storedConversations } from '../features/chat/hooks/chatStorage';
import { conversationsQueryKey } from '../features/conversations/api/listConversations';
import { ConversationSidebar } from '../features/conversations/components/ConversationSidebar';
import { invalidateQueries } from '../lib/query';
import * as styles from './chatWorkspace.css';
import { useAppServices } from './services';

/**
 * /home's chat: the user's conversations beside the chat, with spoken-reply controls. The route
 * holds the active conversation, so the list and the chat (two features) stay in step: a new
 * conversation's id, once the server gives it, refreshes the list; deleting the open one starts
 * a new chat and forgets its copy in this browser.
 */
export function ChatWorkspace({ userId }: { userId: string }) {
  const { store } = useAppServices();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [voice, setVoice] = useVoiceSettings(store);

  const onConversationChange = useCallback((id: string | null) => {
    setActiveId(id);
    invalidateQueries(conversationsQueryKey);
  }, []);
  const onDeleted = useCallback(
    (id: string) => {
      storedConversations(store).remove(id);
      setActiveId((current) => (current === id ? null : current));
    },
    [store],
  );

  // The chat comes first and reaches to the bottom of the first screen, so its composer is there
  // on a phone and a laptop and its messages scroll inside it; on a phone the list follows, from
  // 56rem it stands on the chat's left (grid areas).
  return (
    <div className={styles.workspace}>
      <div className={styles.chat}>
        <FirstScreen>
          <ChatView
            signedIn
            userId={userId}
            conversationId={activeId}
            onConversationChange={onConversationChange}
            voiceSettings={voice}
            sendDictation={voice.sendDictation}
            renderSpokenReply={(spoken) => <LazySpokenReplyPlayer {...spoken} />}
            toolbar={<VoiceSettingsButton value={voice} onChange={setVoice} />}
          />
        </FirstScreen>
      </div>
      <div className={styles.list}>
        <ConversationSidebar
          activeId={activeId}
          onSelect={setActiveId}
          onNewChat={() => setActiveId(null)}
          onDeleted={onDeleted}
        />
      </div>
    </div>
  );
}
