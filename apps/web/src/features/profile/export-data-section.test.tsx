import { i18n } from '@lingui/core';
import { PROFILE_PAGE_MESSAGES } from './page-messages';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { ExportDataSection } from './export-data-section';

const DOCUMENT = {
  format: 'focusroom-export',
  version: 1,
  exported_at: '2026-11-23T23:59:00.000Z',
  profile: { id: 'u1', email: 'ada@example.com' },
  sessions: [{ id: 's1', task: 'Write' }],
};

function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** The links the section clicked: their names and the text of the files they held. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  let serial = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    serial += 1;
    blobs.set(`blob:test/${serial}`, blob as Blob);
    return `blob:test/${serial}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const clicked: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicked.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return clicked;
}

describe('Download my data', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('downloads the export as the file the server names, holding the document', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(DOCUMENT));
    vi.stubGlobal('fetch', fetchMock);
    const clicked = captureDownloads();
    renderWithProviders(<ExportDataSection />);

    expect(screen.getByText(i18n._(PROFILE_PAGE_MESSAGES.exportIntro))).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: i18n._(PROFILE_PAGE_MESSAGES.exportButton) }),
    );
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/users/me/export');
    expect(clicked[0]?.name).toBe('focusroom-export-2026-11-23.json');
    expect(JSON.parse(await readText(clicked[0]!.blob!))).toEqual(DOCUMENT);
  });

  it("shows the server's message when the export fails, and downloads nothing", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ message: 'Too many requests' }, 429)),
    );
    const clicked = captureDownloads();
    renderWithProviders(<ExportDataSection />);
    await user.click(
      screen.getByRole('button', { name: i18n._(PROFILE_PAGE_MESSAGES.exportButton) }),
    );
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(clicked).toHaveLength(0);
  });
});
