import { THEME_PAGE_MESSAGES } from './page-messages';
import type { Theme } from '@focusroom/core/schemas';
import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../../test/render';
import { ThemeCard } from './theme-card';

const THEME: Theme = {
  id: '0190ffff-0000-7000-8000-000000000001',
  name: 'Loud stripes',
  description: 'Bold colours',
  background_color: '#101820',
  text_color: '#ffffff',
  primary_color: '#7c3aed',
  secondary_color: '#a78bfa',
  accent_color: '#f97316',
  is_dark: true,
  is_default: false,
  is_standard: false,
  image_url: null,
  background_url: null,
  user_id: '0190ffff-0000-7000-8000-0000000000aa',
  created_at: '2026-11-23T10:00:00.000Z',
  is_public: true,
};

function renderCard(theme: Theme) {
  render(
    <TestProviders>
      <ThemeCard theme={theme} active={false} onApply={() => {}} onEdit={() => {}} />
    </TestProviders>,
  );
  return screen.getByRole('article', { name: theme.name });
}

describe('the owner’s theme card', () => {
  it('says a moderator hid the theme, why, and that it is still theirs to use', () => {
    const card = renderCard({ ...THEME, is_hidden: true, hidden_reason: 'Too bright' });
    const badge = i18n._(THEME_PAGE_MESSAGES.hiddenBadge);
    const note = screen.getByRole('note', { name: badge });
    expect(card).toContainElement(note);
    expect(note).toHaveTextContent(badge);
    expect(note).toHaveTextContent('Moderator’s reason: Too bright');
    expect(note).toHaveTextContent(i18n._(THEME_PAGE_MESSAGES.hiddenStillYours));
    // "Public" would be untrue while the gallery leaves it out.
    expect(screen.queryByText('Public')).toBeNull();
    // Still theirs to apply and edit.
    expect(screen.getByRole('button', { name: 'Apply Loud stripes' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Edit Loud stripes' })).toBeEnabled();
  });

  it('says nothing of moderation for a shown theme, and shows Public', () => {
    renderCard({ ...THEME, is_hidden: false, hidden_reason: null });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByText(i18n._(THEME_PAGE_MESSAGES.hiddenBadge))).toBeNull();
    expect(screen.getByText('Public')).toBeInTheDocument();
  });
});
