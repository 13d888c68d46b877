import { describe, expect, it } from 'vitest';
import { createSseParser, type ServerSentEvent } from './sseParser';

const parse = (chunks: string[]) => {
  const events: ServerSentEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
};

describe('createSseParser', () => {
  it('reads named events and skips comments', () => {
    expect(parse(['event: ready\ndata: {}\n\n: ping\n\nevent: alerts-changed\ndata: {}\n\n'])).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'alerts-changed', data: '{}' },
    ]);
  });

  it('joins an event split anywhere across chunks, CRLF included', () => {
    const text = 'event: alerts-changed\r\ndata: {}\r\n\r\n';
    for (let cut = 1; cut < text.length; cut++) {
      expect(parse([text.slice(0, cut), text.slice(cut)])).toEqual([{ event: 'alerts-changed', data: '{}' }]);
    }
  });

  it('joins data lines and names an unnamed event "message"', () => {
    expect(parse(['data: a\ndata:b\n\n'])).toEqual([{ event: 'message', data: 'a\nb' }]);
  });

  it('dispatches nothing until the blank line arrives', () => {
    expect(parse(['event: alerts-changed\ndata: {}\n'])).toEqual([]);
  });
});
