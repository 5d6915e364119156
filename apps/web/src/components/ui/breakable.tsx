import { Fragment } from 'react';

/**
 * Long unspaced text (an e-mail, an id) that may wrap after its separators (`@ . - _ /`) instead of
 * mid-word; a part still too long for its line breaks where it must.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.\-_/])/);
  return (
    <span className="break-words">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
