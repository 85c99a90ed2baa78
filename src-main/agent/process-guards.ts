/**
 * The last net under both hosts: a rejection nobody handled or an exception nobody caught is a
 * bug, but it must not end every session and console of the app. Node's default is to exit; here
 * it is logged (with its stack, secrets masked by the logger) and the host keeps serving.
 */
import type { Logger } from './log';

/** Installs the handlers once per process; returns the function that removes them. */
export function keepServingOnStrayErrors(log: Logger): () => void {
  const onRejection = (reason: unknown) => {
    log.error('unhandled rejection; kept serving', { err: reason });
  };
  const onException = (err: Error, origin: string) => {
    log.error('uncaught exception; kept serving', { err, origin });
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
