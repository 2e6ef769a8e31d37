import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { loadLanguages, namedLanguages } from './highlightLanguages';
import { MarkdownMessage } from './MarkdownMessage';
import { safeUrl } from './safeUrl';

/** Renders a message with the highlighting languages its code names (LazyMarkdown loads them first). */
async function renderMarkdown(content: string) {
  await loadLanguages(namedLanguages(content));
  return render(
    <I18nextProvider i18n={createTestI18n('en')}>
      <MarkdownMessage content={content} />
    </I18nextProvider>,
  );
}

/** Markdown a reply (or a prompt echoed back) could carry to run script in the page. */
const corpus = [
  '<script>alert(1)</script>',
  'Text <script src="https://evil.example/x.js"></script> after',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)" onclick="alert(1)">click</a>',
  '<div onmouseover="alert(1)">hover</div>',
  '<svg onload="alert(1)"><script>alert(1)</script></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="data:text/html,<script>alert(1)</script>"></object>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '[link](javascript:alert(1))',
  '[link](JaVaScRiPt:alert(1))',
  '[link](java\tscript:alert(1))',
  '[link](  javascript:alert(1))',
  '[link](javascript&#58;alert(1))',
  '[link](&#106;avascript:alert(1))',
  '[link](vbscript:msgbox(1))',
  '[link](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[ref link][x]\n\n[x]: javascript:alert(1)',
  '![img](javascript:alert(1))',
  '![img](data:image/svg+xml,<svg onload=alert(1)>)',
  '![img](https://tracker.example/pixel.png)',
  '<javascript:alert(1)>',
  '<https://example.com/ok>',
  'www.example.com and https://example.org autolinks',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<!-- <script>alert(1)</script> -->',
  '```html\n<script>alert(1)</script>\n```',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="10">svg link</text></a></svg>',
  '<svg><script>alert(1)</script><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>',
  '<svg xmlns="http://www.w3.org/2000/svg"><animate onbegin="alert(1)" attributeName="x"/></svg>',
  '<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<base href="javascript:alert(1)//"><a href="/x">relative</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  '<a href="&#x6A;avascript:alert(1)">entity link</a>',
  // HTML and hostile links inside tables, lists, quotes and footnotes.
  '| a | b |\n| - | - |\n| <img src=x onerror=alert(1)> | [x](javascript:alert(1)) |',
  '- item <script>alert(1)</script>\n- [x](vbscript:msgbox(1))',
  '> quoted <iframe src="javascript:alert(1)"></iframe>',
  'Note[^1]\n\n[^1]: <script>alert(1)</script> [x](javascript:alert(1))',
  // data: in every form: links, images (the chat loads no images from a reply, data: or not).
  '[png](data:image/png;base64,iVBORw0KGgo=)',
  '![png](data:image/png;base64,iVBORw0KGgo=)',
  '![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '<data:text/html,<script>alert(1)</script>>',
  '[x](\u0001javascript:alert(1))',
  '[x](javascript\u0000:alert(1))',
  '[x](<javascript:alert(1)>)',
  '[x]( javascript:alert(1) "title")',
  '[x](//evil.example/%0a%0djavascript:alert(1))',
  // Code fences keep markup as text, whatever language they claim.
  '```svg\n<svg onload=alert(1)></svg>\n```',
  '```mermaid\nclick A "javascript:alert(1)"\n```',
  '$$\\href{javascript:alert(1)}{x}$$',
];

const allowedProtocols = ['http:', 'https:', 'mailto:'];

describe('MarkdownMessage (security.md §1.8)', () => {
  it.each(corpus)('lets nothing executable through: %s', async (content) => {
    const { container } = await renderMarkdown(content);
    const dangerous = container.querySelectorAll(
      // The only SVG allowed is the copy button's own icon.
      'script, iframe, object, embed, svg:not(.lucide), math, style, form, img, link, meta, base',
    );
    expect(dangerous).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.toLowerCase().startsWith('on')).toBe(false);
        expect(attribute.value.replace(/\s/g, '').toLowerCase()).not.toMatch(
          /^(javascript|vbscript|data):/,
        );
      }
    }
    for (const link of container.querySelectorAll('a')) {
      const href = link.getAttribute('href') ?? '';
      expect(allowedProtocols).toContain(new URL(href, 'https://studio.example').protocol);
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAttribute('target', '_blank');
    }
  });

  it('shows escaped HTML as text, never as markup', async () => {
    await renderMarkdown('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(screen.getByText('<script>alert(1)</script>')).toBeInTheDocument();
  });

  it('keeps a dangerous link’s words without the link', async () => {
    const { container } = await renderMarkdown('[click me](javascript:alert(1))');
    expect(screen.getByText('click me')).toBeInTheDocument();
    expect(container.querySelector('a')).toBeNull();
  });

  it('renders GFM: tables, safe links, and code with its language and a copy button', async () => {
    const { container } = await renderMarkdown(
      [
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '',
        '[docs](https://example.com/docs)',
        '',
        '```ts',
        'const x = 1;',
        '```',
      ].join('\n'),
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );
    expect(screen.getByText('ts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    // Highlighted: the TypeScript grammar loaded for it marked the code up.
    expect(container.querySelector('code.hljs .hljs-keyword')).toHaveTextContent('const');
  });
});

describe('safeUrl', () => {
  it.each([
    ['https://example.com', 'https://example.com'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['/plans', '/plans'],
    ['#section', '#section'],
    ['javascript:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['java\nscript:alert(1)', ''],
    ['vbscript:x', ''],
    ['data:text/html,x', ''],
    ['file:///etc/passwd', ''],
  ])('%j → %j', (input, output) => {
    expect(safeUrl(input)).toBe(output);
  });
});
