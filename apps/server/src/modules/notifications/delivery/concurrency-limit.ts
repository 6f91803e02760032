/** At most `limit` tasks running at once; the others wait their turn, first come first served. */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter (running stays the same), or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
