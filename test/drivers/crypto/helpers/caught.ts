// Test helper: the typed error a call throws, so a test can assert its code, rule and message.

/** The error `run` throws, which must be an instance of `type`; throws when `run` returns. */
export function caught<E extends Error>(
  type: abstract new (...args: never[]) => E,
  run: () => unknown,
): E {
  try {
    run();
  } catch (error) {
    if (error instanceof type) {
      return error;
    }
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}
