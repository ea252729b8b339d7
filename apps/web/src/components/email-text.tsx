import { Fragment } from 'react';

/**
 * An e-mail that wraps only after its '@' or before a dot (`nombre@` `empresa` `.example`), never in the middle of
 * a word: give its container `overflowWrap: 'break-word'`, not 'anywhere'.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  const domain = email.slice(at + 1).split(/(?=\.)/);
  return (
    <>
      {email.slice(0, at + 1)}
      {domain.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address, in order, never reordered
        <Fragment key={i}>
          <wbr />
          {part}
        </Fragment>
      ))}
    </>
  );
}
