import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { Avatar, getInitials } from './Avatar';

describe('getInitials', () => {
  it.each([
    ['Linh Tran', 'LT'],
    ['Nguyễn Văn An', 'NA'],
    ['  ngô   bảo châu  ', 'NC'],
    ['Madonna', 'M'],
    ['an.nguyen@example.com', 'AN'],
    ['Jean-Luc Picard', 'JP'],
    ['(Admin) Lan', 'AL'],
    ['Đặng Thái Sơn', 'ĐS'],
    ['', ''],
    ['  ', ''],
    ['🙂', ''],
  ])('%j → %j', (name, initials) => {
    expect(getInitials(name)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('shows the picture with the name as its text alternative', () => {
    renderUi(<Avatar name="Linh Tran" src="/linh.png" />);
    expect(screen.getByRole('img', { name: 'Linh Tran' })).toHaveAttribute('src', '/linh.png');
  });

  it('falls back to initials when there is no picture', () => {
    renderUi(<Avatar name="Linh Tran" />);
    expect(screen.getByRole('img', { name: 'Linh Tran' })).toHaveTextContent('LT');
  });

  it('falls back to initials when the picture fails to load, and retries a new src', () => {
    const { rerender } = renderUi(<Avatar name="Quang Le" src="/broken.png" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img', { name: 'Quang Le' })).toHaveTextContent('QL');
    expect(screen.getByRole('img').tagName).toBe('SPAN');
    rerender(<Avatar name="Quang Le" src="/quang.png" />);
    expect(screen.getByRole('img').tagName).toBe('IMG');
  });

  it('is decorative with alt=""', () => {
    renderUi(<Avatar name="Linh Tran" alt="" />);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('uses a given alt over the name', () => {
    renderUi(<Avatar name="Linh" alt="Your profile picture" src="/me.png" />);
    expect(screen.getByRole('img')).toHaveAccessibleName('Your profile picture');
  });
});
