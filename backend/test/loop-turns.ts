/** Counts turns of the event loop (setImmediate ticks) from now on, until stopped. */
export function turnCounter() {
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    current: () => turns,
    stop: () => {
      running = false;
    },
  };
}

/** Turns of the event loop while `work` is under way: none when it holds the loop to the end. */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  const counter = turnCounter();
  try {
    const result = await work();
    return { result, turns: counter.current() };
  } finally {
    counter.stop();
  }
}
