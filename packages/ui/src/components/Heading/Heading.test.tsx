import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Heading } from './Heading';

describe('Heading', () => {
  it('is the heading of its level, or of the element asked for', () => {
    renderUi(
      <>
        <Heading level={2}>Pictures</Heading>
        <Heading level={4} as="h3" id="sessions">
          Sessions
        </Heading>
      </>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Pictures' })).toBeInTheDocument();
    const sessions = screen.getByRole('heading', { level: 3, name: 'Sessions' });
    expect(sessions).toHaveAttribute('id', 'sessions');
  });

  it('looks like its level whatever its element', () => {
    renderUi(
      <>
        <Heading level={3}>Drawn at three</Heading>
        <Heading level={3} as="h2">
          An h2 drawn at three
        </Heading>
      </>,
    );
    const drawn = getComputedStyle(screen.getByRole('heading', { level: 3 }));
    const h2 = getComputedStyle(screen.getByRole('heading', { level: 2 }));
    expect(h2.fontSize).toBe(drawn.fontSize);
    expect(h2.fontWeight).toBe(drawn.fontWeight);
  });
});
