import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Skeleton, SkeletonGroup } from './Skeleton';

describe('Skeleton', () => {
  it('is hidden from assistive technology', () => {
    renderUi(<Skeleton data-testid="s" shape="circle" width={40} height={40} />);
    const skeleton = screen.getByTestId('s');
    expect(skeleton).toHaveAttribute('aria-hidden', 'true');
    expect(skeleton).toHaveStyle({ width: '40px', height: '40px' });
  });

  it('draws the requested number of text lines', () => {
    renderUi(<Skeleton data-testid="s" lines={3} />);
    expect(screen.getByTestId('s').children).toHaveLength(3);
  });
});

describe('SkeletonGroup', () => {
  it('marks the area busy and announces the translated loading label', () => {
    renderUi(
      <SkeletonGroup data-testid="group">
        <Skeleton />
      </SkeletonGroup>,
      { lng: 'vi' },
    );
    expect(screen.getByTestId('group')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Đang tải…');
  });

  it('accepts a specific label', () => {
    renderUi(<SkeletonGroup label="Loading your devices…" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your devices…');
  });
});
