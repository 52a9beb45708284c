import { AVATAR_ICONS } from '@focusroom/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { UserAvatar } from './user-avatar';

function avatarOf(name: string) {
  return screen.getByRole('img', { name: `Avatar of ${name}` });
}

describe('UserAvatar', () => {
  it('shows the first letter of the name when there is no avatar', () => {
    renderWithProviders(<UserAvatar name="ada" username="lovelace" />);
    const avatar = avatarOf('ada');
    expect(avatar).toHaveAttribute('data-avatar-kind', 'initial');
    expect(avatar).toHaveTextContent('A');
  });

  it('falls back to the username, then to ?', () => {
    const { unmount } = renderWithProviders(<UserAvatar username="zed" />);
    expect(avatarOf('zed')).toHaveTextContent('Z');
    unmount();
    renderWithProviders(<UserAvatar />);
    expect(screen.getByRole('img', { name: 'Avatar' })).toHaveTextContent('?');
  });

  it('paints a #colour value as the background', () => {
    renderWithProviders(<UserAvatar avatarUrl="#16a34a" name="Ada" />);
    const avatar = avatarOf('Ada');
    expect(avatar).toHaveAttribute('data-avatar-kind', 'color');
    const placeholder = avatar.querySelector('span');
    expect(placeholder).toHaveStyle({ background: '#16a34a' });
    expect(avatar).toHaveTextContent('A');
  });

  it('paints a linear-gradient value as the background', () => {
    const gradient = 'linear-gradient(135deg, #7c3aed, #2563eb)';
    renderWithProviders(<UserAvatar avatarUrl={gradient} name="Ada" />);
    const avatar = avatarOf('Ada');
    expect(avatar).toHaveAttribute('data-avatar-kind', 'gradient');
    expect(avatar.querySelector('span')?.style.background).toContain('linear-gradient');
  });

  it.each(AVATAR_ICONS)('draws the %s icon for icon:%s', (icon) => {
    renderWithProviders(<UserAvatar avatarUrl={`icon:${icon}`} name="Ada" />);
    const avatar = avatarOf('Ada');
    expect(avatar).toHaveAttribute('data-avatar-kind', 'icon');
    expect(avatar).toHaveAttribute('data-avatar-icon', icon);
    expect(avatar.querySelector('svg')).not.toBeNull();
  });

  it('draws a person for an unknown icon name', () => {
    renderWithProviders(<UserAvatar avatarUrl="icon:unicorn" name="Ada" />);
    expect(avatarOf('Ada')).toHaveAttribute('data-avatar-icon', 'person');
  });

  it('shows anything else as an image with a text alternative', () => {
    renderWithProviders(<UserAvatar avatarUrl="https://images.example.com/ada.png" name="Ada" />);
    const image = screen.getByRole('img', { name: 'Avatar of Ada' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', 'https://images.example.com/ada.png');
  });

  it('hides a decorative avatar from assistive technology', () => {
    const { container } = renderWithProviders(
      <UserAvatar avatarUrl="#16a34a" name="Ada" decorative />,
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('[data-avatar-kind="color"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  });
});
