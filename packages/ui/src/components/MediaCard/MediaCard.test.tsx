import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { MediaCard } from './MediaCard';

describe('MediaCard', () => {
  it('opens its media with a named button and lists its facts', async () => {
    const onOpen = vi.fn();
    const mediaRef = createRef<HTMLElement>();
    const { user } = renderUi(
      <MediaCard
        media={<img src="data:," alt="" />}
        mediaRef={mediaRef}
        title="A lighthouse"
        titleTooltip="A lighthouse at dusk"
        details={[
          { label: 'Model', value: 'Sandbox' },
          { label: 'Seed', value: '1004' },
        ]}
        openAction={{ label: 'Open the picture', onOpen }}
      />,
    );
    const open = screen.getByRole('button', { name: 'Open the picture' });
    expect(mediaRef.current).toBe(open);
    await user.click(open);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(screen.getByText('A lighthouse')).toHaveAttribute('title', 'A lighthouse at dusk');
    expect(screen.getByText('Model').tagName).toBe('DT');
    expect(screen.getByText('1004').tagName).toBe('DD');
  });

  it('holds interactive media without a button around it', () => {
    renderUi(<MediaCard aspectRatio="auto" media={<button>Play</button>} title="Clip" />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('shows a status in place of the media, a heading title and a selected state', () => {
    renderUi(
      <MediaCard
        as="article"
        aria-label="Report"
        media={<img src="data:," alt="" />}
        mediaStatus="Unavailable"
        title="Report.pdf"
        headingLevel={3}
        selected
        menu={<button>Actions for Report.pdf</button>}
      />,
    );
    expect(screen.getByText('Unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Report.pdf' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Report' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: 'Actions for Report.pdf' })).toBeInTheDocument();
  });

  it('while loading shows placeholders only, hidden from assistive technology', () => {
    renderUi(
      <MediaCard
        loading
        data-testid="card"
        title="Not yet"
        openAction={{ label: 'Open', onOpen: () => undefined }}
      />,
    );
    const card = screen.getByTestId('card');
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Not yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
