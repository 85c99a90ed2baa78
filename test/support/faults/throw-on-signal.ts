/**
 * Preloaded into a spawned host (node --import) by a test: on SIGUSR2 it leaves a rejected promise
 * unhandled and throws from a timer, the two ways a stray bug escapes every try/catch.
 */
process.on('SIGUSR2', () => {
  void Promise.reject(new Error('zd-test: a rejection nobody handled'));
  setTimeout(() => {
    throw new Error('zd-test: an exception nobody caught');
  }, 10);
});
