import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { TrackArtwork } from './track-artwork';

const ART = 'https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg';

describe('TrackArtwork', () => {
  it('shows the artwork while its address loads', () => {
    const { container } = renderWithProviders(
      <TrackArtwork src={ART} className="art" iconSize={16} />,
    );
    expect(container.querySelector('img')).toHaveAttribute('src', ART);
    expect(container.querySelector('[data-art-fallback]')).toBeNull();
  });

  it('shows our own picture, never a broken image, when the artwork fails to load', () => {
    const { container } = renderWithProviders(
      <TrackArtwork src={ART} className="art" iconSize={16} />,
    );
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    const fallback = container.querySelector('[data-art-fallback]');
    expect(fallback).toHaveClass('art', 'fr-art-fallback');
    // Drawn in the page: nothing in it asks for an address.
    expect(fallback?.querySelector('svg')).not.toBeNull();
    expect(fallback?.querySelectorAll('[src], [href]')).toHaveLength(0);
    expect(fallback?.innerHTML).not.toMatch(/url\(/);
  });

  it('shows our own picture for a track without artwork', () => {
    const { container } = renderWithProviders(
      <TrackArtwork src="" className="art" iconSize={16} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[data-art-fallback]')).not.toBeNull();
  });

  it('gives a new address its own chance after another one failed', () => {
    const { container, rerender } = renderWithProviders(
      <TrackArtwork src={ART} className="art" iconSize={16} />,
    );
    fireEvent.error(container.querySelector('img')!);
    const other = 'https://i.ytimg.com/vi/zzzzzzzzzzz/hqdefault.jpg';
    rerender(<TrackArtwork src={other} className="art" iconSize={16} />);
    expect(container.querySelector('img')).toHaveAttribute('src', other);
  });
});
