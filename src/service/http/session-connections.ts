/** A connection that closes itself; `onClose` is how it says so. */
interface ClosingConnection {
  on(event: 'close', listener: () => void): unknown;
}

/**
 * The open connections (viewers, CDP clients, event listeners) of each running session, so that all of a
 * session's connections can be told when it ends. A connection leaves the set when its socket closes.
 */
export class SessionConnections<T> {
  private readonly bySession = new Map<string, Set<T>>();

  add(sessionId: string, connection: T, socket: ClosingConnection): void {
    const open = this.bySession.get(sessionId) ?? new Set<T>();
    open.add(connection);
    this.bySession.set(sessionId, open);
    socket.on('close', () => open.delete(connection));
  }

  of(sessionId: string): Iterable<T> {
    return this.bySession.get(sessionId) ?? [];
  }

  /** Hands each of the session's connections to `end`, then forgets the session. */
  endAll(sessionId: string, end: (connection: T) => void): void {
    for (const connection of this.of(sessionId)) end(connection);
    this.bySession.delete(sessionId);
  }
}
