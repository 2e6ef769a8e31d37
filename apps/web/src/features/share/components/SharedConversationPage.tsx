import { useParams } from 'react-router-dom';
import { useSharedConversation } from '../hooks/useSharedConversation';
import { SharedConversationView } from './SharedConversationView';

/** /share/{slug}: the public, read-only view of a shared conversation. */
export function SharedConversationPage() {
  const { slug = '' } = useParams();
  return <SharedConversationView state={useSharedConversation(slug)} />;
}
