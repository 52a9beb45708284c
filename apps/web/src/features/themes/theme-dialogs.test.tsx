import { THEME_API_MESSAGES } from '@focusroom/core';
import type { Theme } from '@focusroom/core/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ThemesContext, type ThemesContextValue } from './theme-context';
import { ReportThemeDialog } from './theme-dialogs';

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

function renderReport(reportTheme: ThemesContextValue['reportTheme']) {
  const onClose = vi.fn();
  const themes = { reportTheme } as unknown as ThemesContextValue;
  renderWithProviders(
    <ThemesContext value={themes}>
      <ReportThemeDialog theme={THEME} onClose={onClose} />
    </ThemesContext>,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Report theme' }), onClose };
}

describe('reporting a theme', () => {
  it('asks for a reason, and drops the message as soon as one is typed', async () => {
    const reportTheme = vi.fn(async () => undefined);
    const user = userEvent.setup();
    const { dialog } = renderReport(reportTheme);
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(within(dialog).getByText(THEME_API_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), ' ');
    expect(within(dialog).queryByText(THEME_API_MESSAGES.reasonRequired)).not.toBeInTheDocument();
    expect(reportTheme).not.toHaveBeenCalled();
  });

  it('sends the reason trimmed, then closes', async () => {
    const reportTheme = vi.fn(async () => undefined);
    const user = userEvent.setup();
    const { dialog, onClose } = renderReport(reportTheme);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '  Offensive  ');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(reportTheme).toHaveBeenCalledWith(THEME.id, 'Offensive');
  });

  it('stays open with the reason kept when the report fails', async () => {
    const reportTheme = vi.fn(async () => {
      throw new Error('already reported');
    });
    const user = userEvent.setup();
    const { dialog, onClose } = renderReport(reportTheme);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await user.type(reason, 'Offensive');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(reportTheme).toHaveBeenCalledOnce());
    expect(onClose).not.toHaveBeenCalled();
    expect(reason).toHaveValue('Offensive');
  });
});
