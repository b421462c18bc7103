// Swizzled (ejected): the original prints its error causes with the hard-coded English label "Cause:", and its title is a <Translate> element that cannot be split into phrases.
import type {ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import type {Props} from '@theme/Error';
import styles from './styles.module.css';

/** エラーとその cause をたどった一覧。 */
export function causalChain(error: Error): Error[] {
  const chain: Error[] = [error];
  let current: unknown = error.cause;
  while (current instanceof Error && chain.length < 10) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

export function ErrorMessages({error}: {readonly error: Error}): ReactNode {
  const causeLabel = translate({
    id: 'theme.error.cause',
    message: '原因',
    description: 'The label before each cause of a crash on the crash fallback page',
  });
  return (
    <div className={styles.messages}>
      {causalChain(error).map((item, index) => (
        <p key={index} className={styles.message}>
          {index > 0 && <strong>{causeLabel}: </strong>}
          {item.message}
        </p>
      ))}
    </div>
  );
}

export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  return (
    <main className="container margin-vert--xl">
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            {translate({
              id: 'theme.ErrorPageContent.title',
              message: 'このページでエラーが発生しました。',
              description: 'The title of the fallback page when the page crashed',
            })}
          </Heading>
          <div className="margin-vert--lg">
            <ErrorBoundaryTryAgainButton
              onClick={tryAgain}
              className="button button--primary shadow--lw"
            />
          </div>
          <hr />
          <ErrorMessages error={error} />
        </div>
      </div>
    </main>
  );
}
