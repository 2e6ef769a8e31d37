import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Card } from './Card';

describe('Card', () => {
  it('renders its title as a heading (level 3 by default) and its parts', () => {
    renderUi(
      <Card title="Membership" description="Monthly" footer={<button type="button">Renew</button>}>
        Body text
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Membership' })).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('Body text')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renew' })).toBeInTheDocument();
  });

  it('is a region named by its title when rendered as a section', () => {
    renderUi(
      <Card as="section" title="Devices" headingLevel={2}>
        x
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Devices' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
  });

  it('keeps an explicit aria-label over the title', () => {
    renderUi(
      <Card as="section" title="Devices" aria-label="Your devices">
        x
      </Card>,
    );
    expect(screen.getByRole('region', { name: 'Your devices' })).toBeInTheDocument();
  });
});
