import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/** The open conversation's place in the address: /home?conversation=<id>. */
const conversationParam = 'conversation';

/**
 * /home's chat: the user's conversations beside the chat, with spoken-reply controls. The route
 * holds the active conversation (in the address, so a reload, a bookmark or a second tab opens
 * it again, and follows its reply if one is being written), so the list and the chat (two
 * features) stay in step: a new conversation's id, once the server gives it, refreshes the list;
 * deleting the open one starts a new chat and forgets its copy in this browser.
 */
export function ChatWorkspace({ userId }: { userId: string }) {
  const { store } = useAppServices();
  const [search, setSearch] = useSearchParams();
  const activeId = search.get(conversationParam);
  const setActiveId = useCallback(
    (change: string | null | ((current: string | null) => string | null)) =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const id = typeof change === 'function' ? change(current.get(conversationParam)) : change;
          if (id) next.set(conversationParam, id);
          else next.delete(conversationParam);
          return next;
        },
        // Moving between conversations is not a page of its own in the browser's history.
        { replace: true },
      ),
    [setSearch],
  );
  const [voice, setVoice] = useVoiceSettings(store);

  const onConversationChange = useCallback(
    (id: string | null) => {
      setActiveId(id);
      invalidateQueries(conversationsQueryKey);
    },
    [setActiveId],
  );
  const onDeleted = useCallback(
    (id: string) => {
      storedConversations(store).remove(id);
      setActiveId((current) => (current === id ? null : current));
    },
    [store, setActiveId],
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
