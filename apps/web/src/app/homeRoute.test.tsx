import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAuthService } from '../mocks/auth';
import { renderApp } from '../test/render';
// The route's lazy chunks, imported up front: compiling them on a busy machine takes longer than
// any wait for the page, and the test is about the link, not the compile.
import '../features/pages/home/HomePage';
import '../features/chat/components/VisitorChat';
import '../features/auth/components/LoginModal';

const lazyRouteTimeout = 30_000;

describe('"Start chatting" on / (issue 13 §8)', () => {
  it('takes a signed-in user to their chat on /home, not back to /', async () => {
    renderApp({ initialEntries: ['/'], services: { auth: signedInAuthService() } });
    // The hero's link and the chat tool's card (in the sections the route loads after the hero).
    await screen.findByRole(
      'region',
      { name: 'Tools in the studio' },
      { timeout: lazyRouteTimeout },
    );
    const links = await screen.findAllByRole(
      'link',
      { name: 'Start chatting' },
      { timeout: lazyRouteTimeout },
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/home', '/home']);
  }, 90_000);

  it('takes a visitor to the visitor chat further down the page', async () => {
    renderApp({ initialEntries: ['/'] });
    await screen.findByRole(
      'region',
      { name: 'Tools in the studio' },
      { timeout: lazyRouteTimeout },
    );
    const links = await screen.findAllByRole(
      'link',
      { name: 'Start chatting' },
      { timeout: lazyRouteTimeout },
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/#visitor-chat-title',
      '/#visitor-chat-title',
    ]);
    // The target exists: the visitor chat's heading carries that id.
    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: 'Try the chat' },
      { timeout: lazyRouteTimeout },
    );
    expect(heading).toHaveAttribute('id', 'visitor-chat-title');
  }, 90_000);

  it('lets a visitor ask to attach an image, and opens sign-in', async () => {
    const { user } = renderApp({ initialEntries: ['/'] });
    const attach = await screen.findByRole(
      'button',
      { name: 'Attach image (sign in first)' },
      { timeout: lazyRouteTimeout },
    );
    await user.click(attach);
    expect(
      await screen.findByRole('dialog', {}, { timeout: lazyRouteTimeout }),
    ).toBeInTheDocument();
  }, 90_000);
});
