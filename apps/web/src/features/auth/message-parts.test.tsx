import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { part, withParts } from './message-parts';

describe('withParts', () => {
  it('puts each part where its placeholder stands in the translated text', () => {
    const email = part('email');
    const { container } = render(
      <p>
        {withParts(`Wir haben ${email} einen Link geschickt.`, { email: <strong>a@b.c</strong> })}
      </p>,
    );
    expect(container.querySelector('p')?.innerHTML).toBe(
      'Wir haben <strong>a@b.c</strong> einen Link geschickt.',
    );
  });

  it('keeps a part at either end and a text without parts as it is', () => {
    const link = part('link');
    const { container } = render(
      <>
        <p>{withParts(`${link}, or later.`, { link: <a href="/x">Now</a> })}</p>
        <p>{withParts('Nothing to place.', {})}</p>
      </>,
    );
    const [first, second] = container.querySelectorAll('p');
    expect(first?.innerHTML).toBe('<a href="/x">Now</a>, or later.');
    expect(second?.innerHTML).toBe('Nothing to place.');
  });
});
