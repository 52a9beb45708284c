import { act, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { headerSlotRef, useHeaderSlot } from './header-slots';

function Portalled() {
  const slot = useHeaderSlot('sounds');
  const button = <button type="button">Sounds</button>;
  return slot ? createPortal(button, slot) : button;
}

describe('header slots (decision 055)', () => {
  it('renders a part into the top bar once its slot is in the page, and back when it leaves', () => {
    const view = render(<Portalled />);
    expect(screen.getByRole('button', { name: 'Sounds' }).parentElement).toBe(view.container);

    const slot = document.createElement('div');
    document.body.append(slot);
    act(() => headerSlotRef('sounds')(slot));
    expect(screen.getByRole('button', { name: 'Sounds' }).parentElement).toBe(slot);

    act(() => headerSlotRef('sounds')(null));
    expect(screen.getByRole('button', { name: 'Sounds' }).parentElement).toBe(view.container);
    slot.remove();
  });

  it('gives each slot one ref callback, so React never unregisters it between renders', () => {
    expect(headerSlotRef('music')).toBe(headerSlotRef('music'));
    expect(headerSlotRef('music')).not.toBe(headerSlotRef('strip'));
  });
});
