// A counting semaphore with a FIFO queue: at most `limit` tasks run at once, the others wait in
// the order they came. Used to bound work one kind of request may hold at a time (the sync,
// image decoding), so that it cannot take every database connection, PGlite's single one, or
// every core, and other requests are still served.

/** Thrown by `run` when `maxWaiting` tasks are already queued. */
export class QueueFull extends Error {
  constructor() {
    super('queue full');
  }
}

export class Semaphore {
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number = Number.POSITIVE_INFINITY,
  ) {}

  /** Tasks running plus tasks waiting: 0 when the semaphore is idle. */
  get load(): number {
    return this.#running + this.#queue.length;
  }

  /** Runs `task` once a place is free; refuses with QueueFull when the queue is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.limit) {
      if (this.#queue.length >= this.maxWaiting) throw new QueueFull();
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      // The place passes straight to the next in line (the count stays), or is given back.
      const next = this.#queue.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
