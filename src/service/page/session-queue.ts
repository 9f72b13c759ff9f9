/**
 * Runs work for one session strictly one after another: two actions interleaved on one page (a fill racing a
 * click) give results nobody asked for. Different sessions run in parallel.
 */
export class SessionQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(sessionId) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.catch(() => undefined);
    this.tails.set(sessionId, tail);
    void tail.then(() => {
      if (this.tails.get(sessionId) === tail) this.tails.delete(sessionId);
    });
    return result;
  }
}
