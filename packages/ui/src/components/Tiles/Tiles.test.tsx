import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Tiles } from './Tiles';

describe('Tiles', () => {
  it('is a grid of the element asked for, named and given a ref', () => {
    const ref = createRef<HTMLElement>();
    renderUi(
      <Tiles ref={ref} as="ul" aria-label="Pictures" columns={{ mobile: 1, desktop: 3 }}>
        <li>one</li>
        <li>two</li>
      </Tiles>,
    );
    const list = screen.getByRole('list', { name: 'Pictures' });
    expect(list).toBe(ref.current);
    expect(getComputedStyle(list).display).toBe('grid');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('fits columns of a minimum width instead of counting them', () => {
    renderUi(
      <Tiles minItemWidth="md" data-testid="tiles">
        <div>one</div>
      </Tiles>,
    );
    expect(getComputedStyle(screen.getByTestId('tiles')).gridTemplateColumns).toContain(
      'auto-fill',
    );
  });
});
