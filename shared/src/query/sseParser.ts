/** One server-sent event: its `event` name ('message' when none) and its joined `data` lines. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * An incremental text/event-stream parser (the WHATWG rules the stream uses): feed it chunks as
 * they arrive, in any split, and it calls `onEvent` for each complete event. Comments (`: ping`)
 * and unknown fields are skipped; CRLF, CR and LF all end a line.
 */
export function createSseParser(onEvent: (event: ServerSentEvent) => void) {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let hasData = false;

  const dispatch = () => {
    if (hasData || event) onEvent({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') {
      data.push(value);
      hasData = true;
    }
  };

  return {
    push(chunk: string) {
      buffer += chunk;
      // A trailing CR may be the first half of a CRLF split across chunks: keep it for the next one.
      const match = /\r\n|\r|\n/g;
      let start = 0;
      for (let found = match.exec(buffer); found; found = match.exec(buffer)) {
        if (found[0] === '\r' && found.index === buffer.length - 1) break;
        line(buffer.slice(start, found.index));
        start = found.index + found[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}
