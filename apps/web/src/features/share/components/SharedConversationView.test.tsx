import type { SharedConversationResponse } from '@studio/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_SHARED_IMAGE_URL } from '../../../mocks/handlers/share';
import { renderInApp } from '../../../test/render';
import { server } from '../../../test/server';
import { SharedConversationView } from './SharedConversationView';

/** A reply an attacker could have steered the model into, next to what a reply usually holds. */
const hostileReply = [
  'Some **bold** words and a [safe link](https://example.com/docs).',
  '',
  '<script>alert(1)</script>',
  '',
  '<img src=x onerror="alert(1)">',
  '',
  '<svg onload="alert(1)"><script>alert(1)</script></svg>',
  '',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '',
  '[click me](javascript:alert(1)) [page](data:text/html,<script>alert(1)</script>)',
  '',
  '![pixel](https://tracker.example/pixel.png) ![svg](data:image/svg+xml;base64,PHN2Zz4=)',
  '',
  '| a | b |',
  '| - | - |',
  '| <b onmouseover="alert(1)">x</b> | [x](vbscript:msgbox(1)) |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
].join('\n');

const conversation: SharedConversationResponse = {
  title: 'Hostile',
  messages: [
    {
      role: 'user',
      content: 'Show me **code** <b>now</b>',
      timestamp: '2026-11-20T08:15:00.000Z',
      imageUrls: [SAMPLE_SHARED_IMAGE_URL],
    },
    {
      role: 'assistant',
      content: hostileReply,
      timestamp: '2026-11-20T08:15:12.000Z',
      imageUrls: [],
    },
  ],
};

function renderConversation() {
  return renderInApp(<SharedConversationView state={{ status: 'ready', conversation }} />);
}

describe('SharedConversationView (issue 13 §2: reads like the chat)', () => {
  // jsdom has no blob: URLs.
  const { createObjectURL, revokeObjectURL } = URL;
  /** The paths the page fetched (the share domain's MSW handlers answer the image). */
  const requested: string[] = [];
  const record = ({ request }: { request: Request }) => {
    requested.push(new URL(request.url).pathname);
  };
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:shared-photo');
    URL.revokeObjectURL = vi.fn();
    requested.length = 0;
    server.events.on('request:start', record);
  });
  afterEach(() => {
    server.events.removeListener('request:start', record);
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('renders a reply as Markdown: code highlighted with a copy button, no backticks', async () => {
    const { container } = renderConversation();
    const [, reply] = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    // The renderer is a lazy chunk: the reply is plain text until it arrives.
    await waitFor(() => expect(reply?.querySelector('pre code.hljs')).not.toBeNull(), {
      timeout: 10_000,
    });
    const code = reply?.querySelector('pre code') as HTMLElement;
    expect(code).toHaveTextContent('const answer: number = 42;');
    expect(code.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(within(reply as HTMLElement).getByRole('button', { name: 'Copy code' })).toBeVisible();
    expect(within(reply as HTMLElement).getByText('bold').tagName).toBe('STRONG');
    expect(within(reply as HTMLElement).getByRole('table')).toBeInTheDocument();
    expect(reply).not.toHaveTextContent('```');
    expect(reply).not.toHaveTextContent('**');
    expect(container.querySelector('a[href="https://example.com/docs"]')).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
  });

  it('lets nothing executable through (security.md §1.8)', async () => {
    const { container } = renderConversation();
    await waitFor(() => expect(container.querySelector('pre code.hljs')).not.toBeNull(), {
      timeout: 10_000,
    });
    expect(
      container.querySelectorAll(
        'script, iframe, object, embed, svg:not(.lucide), math, style, form, link, meta, base',
      ),
    ).toHaveLength(0);
    // The only image is the attached one; a reply's images are never fetched.
    for (const image of container.querySelectorAll('img')) {
      expect(image).toHaveAttribute('src', 'blob:shared-photo');
    }
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase().startsWith('on'), attribute.name).toBe(false);
        expect(attribute.value.replace(/\s/g, '').toLowerCase()).not.toMatch(
          /^(javascript|vbscript|data):/,
        );
      }
    }
    expect(screen.getByText('click me').closest('a')).toBeNull();
  });

  it('shows what people wrote as they wrote it, with the images they attached', async () => {
    renderConversation();
    const [question] = within(await screen.findByRole('list', { name: 'Messages' })).getAllByRole(
      'listitem',
    );
    expect(within(question as HTMLElement).getByText('Show me **code** <b>now</b>')).toBeVisible();
    const image = await within(question as HTMLElement).findByRole('img', {
      name: 'Attached image',
    });
    expect(image).toHaveAttribute('src', 'blob:shared-photo');
    expect(image).toHaveAttribute('loading', 'lazy');
    // Through the link, never the owner's upload URL.
    expect(requested).toContain(SAMPLE_SHARED_IMAGE_URL);
  });
});
