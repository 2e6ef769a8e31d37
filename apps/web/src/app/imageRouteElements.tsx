/**
 * The image tools' route element: the page of one tool with who is asking (a user's id, or a
 * visitor's null), loaded with the route. A sign-in or sign-out starts the page afresh, since
 * the models, the quota and where pictures are kept all change with it.
 */
import type { ImageTool } from '@studio/contracts/imageOptions';
import { useAuth } from '../features/auth/hooks/useAuth';
import { ImageStudioPage } from '../features/images/components/ImageStudioPage';
import { PagePending } from '../features/shell/components/PagePending';

export function ImageToolRoute({ tool }: { tool: ImageTool }) {
  const { status, user } = useAuth();
  // Not while auth starts: a returning user's first calls would go with a visitor key.
  if (status === 'initialising') return <PagePending />;
  const account = user?.id ?? null;
  return <ImageStudioPage key={`${tool}:${account ?? 'visitor'}`} tool={tool} account={account} />;
}
