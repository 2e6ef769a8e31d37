import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../test/render';
import { ActionList } from './ActionList';
import { ListItem } from './ListItem';

describe('ActionList and ListItem', () => {
  it('selects a row with its main button and marks the current one', async () => {
    const onSelect = vi.fn();
    const { user } = renderUi(
      <ActionList aria-label="Conversations">
        <ListItem title="Trip" description="Nov 22" current onSelect={() => onSelect('trip')} />
        <ListItem title="Letter" description="Nov 21" onSelect={() => onSelect('letter')} />
      </ActionList>,
    );
    expect(screen.getByRole('list', { name: 'Conversations' })).toBeInTheDocument();
    const trip = screen.getByRole('button', { name: 'Trip Nov 22' });
    expect(trip).toHaveAttribute('aria-current', 'page');
    const letter = screen.getByRole('button', { name: 'Letter Nov 21' });
    expect(letter).not.toHaveAttribute('aria-current');
    await user.click(letter);
    expect(onSelect).toHaveBeenCalledWith('letter');
  });

  it('keeps actions apart from the main button, in the Tab order after it', async () => {
    const { user } = renderUi(
      <ActionList aria-label="Links" variant="separated">
        <ListItem title="Trip" onSelect={() => undefined} trailing={<button>Copy</button>} />
      </ActionList>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Trip' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Copy' })).toHaveFocus();
  });

  it('holds block details only outside a button, and its own content in place of the text', () => {
    const selectRef = createRef<HTMLButtonElement>();
    renderUi(
      <ActionList aria-label="Devices" variant="separated">
        <ListItem
          title="Chrome on Windows"
          description={
            <dl>
              <dt>Last active</dt>
              <dd>Today</dd>
            </dl>
          }
        />
        <ListItem title="Renaming" current selectRef={selectRef} onSelect={() => undefined}>
          <input aria-label="Title" />
        </ListItem>
      </ActionList>,
    );
    expect(screen.getByText('Last active').closest('dl')?.parentElement?.tagName).toBe('DIV');
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(selectRef.current).toBeNull();
    expect(screen.getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'true');
  });

  it('can take the keyboard itself and says when it is being refreshed', () => {
    const ref = createRef<HTMLUListElement>();
    renderUi(
      <ActionList ref={ref} aria-label="Conversations" busy>
        <ListItem title="Trip" />
      </ActionList>,
    );
    ref.current?.focus();
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(list).toHaveFocus();
    expect(list).toHaveAttribute('aria-busy', 'true');
  });
});
