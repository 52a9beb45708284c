import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { part, richMessage, withParts } from './rich-text';

function html(node: ReactNode): string {
  return render(<p>{node}</p>).container.innerHTML;
}

describe('richMessage', () => {
  it('puts each numbered tag’s words into the element of its number', () => {
    expect(
      html(
        richMessage('Read the <0>About page</0> or our <1>policy</1>.', [<a href="/a" />, <b />]),
      ),
    ).toBe('<p>Read the <a href="/a">About page</a> or our <b>policy</b>.</p>');
  });

  it('follows the order the translation puts the tags in', () => {
    expect(html(richMessage('<1>B</1> then <0>A</0>', [<i />, <b />]))).toBe(
      '<p><b>B</b> then <i>A</i></p>',
    );
  });

  it('keeps a message without tags as it is', () => {
    expect(html(richMessage('Plain words.', []))).toBe('<p>Plain words.</p>');
  });

  it('keeps the words of a tag that has no element as plain text', () => {
    expect(html(richMessage('A <3>lost</3> tag', [<b />]))).toBe('<p>A lost tag</p>');
  });

  it('keeps the element’s own props, with no empty text around a tag', () => {
    const node = richMessage('<0>1/5</0>', [<strong data-testid="totals" />]);
    expect(node).toHaveLength(1);
    expect(html(node)).toBe('<p><strong data-testid="totals">1/5</strong></p>');
  });

  it('reads a tag’s words across lines', () => {
    expect(html(richMessage('Finish at <0>Tue\n09:10</0> (2 h)', [<strong />]))).toBe(
      '<p>Finish at <strong>Tue\n09:10</strong> (2 h)</p>',
    );
  });
});

describe('withParts', () => {
  it('puts each part where its placeholder stands in the translated text', () => {
    const email = part('email');
    expect(
      html(
        withParts(`Wir haben ${email} einen Link geschickt.`, { email: <strong>a@b.c</strong> }),
      ),
    ).toBe('<p>Wir haben <strong>a@b.c</strong> einen Link geschickt.</p>');
  });

  it('keeps a part at either end and a text without parts as it is', () => {
    const link = part('link');
    expect(html(withParts(`${link}, or later.`, { link: <a href="/x">Now</a> }))).toBe(
      '<p><a href="/x">Now</a>, or later.</p>',
    );
    expect(html(withParts('Nothing to place.', {}))).toBe('<p>Nothing to place.</p>');
  });

  it('places several parts in the order the translation puts them, each as often as it has it', () => {
    const name = part('name');
    const address = part('address');
    expect(
      html(
        withParts(`${address}: ${name} (${name})`, {
          name: <b>Ada</b>,
          address: <i>a@b.c</i>,
        }),
      ),
    ).toBe('<p><i>a@b.c</i>: <b>Ada</b> (<b>Ada</b>)</p>');
  });
});
