import { describe, expect, it } from 'vitest';
import { tellParent, type MessageTarget } from './parent-messenger.js';

function recorder() {
  const posted: { message: unknown; origin: string }[] = [];
  const target: MessageTarget = { postMessage: (message, origin) => posted.push({ message, origin }) };
  return { posted, target };
}

describe('tellParent', () => {
  it('posts the event alone, to each allowed origin and never to any origin', () => {
    const { posted, target } = recorder();
    tellParent(target, ['https://shop.example', '*', 'http://localhost:4000'], 'signed');
    expect(posted).toEqual([
      { message: { type: 'countersign.embedded-signing', event: 'signed' }, origin: 'https://shop.example' },
      { message: { type: 'countersign.embedded-signing', event: 'signed' }, origin: 'http://localhost:4000' },
    ]);
  });

  it('says nothing without a parent or an allowed origin', () => {
    const { posted, target } = recorder();
    tellParent(target, [], 'error');
    tellParent(null, ['https://shop.example'], 'declined');
    expect(posted).toEqual([]);
  });
});
