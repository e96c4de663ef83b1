/**
 * Whether the backend is believed to answer, for the render cache: a cached page must not hide an
 * outage (issue 8 §2: while the backend is down, pages answer the error page within a second).
 *
 * Down on the first sign of it: the backend closing a kept-alive connection (a killed or stopping
 * process closes all of them at once, and the server hears it at once) or a render answering 502/503
 * (a connection that failed). Up again when a new connection has carried an answer: old ones may
 * still finish answers sent before the backend died. A backend that goes away while the server
 * holds no connection to it is noticed by the next render, so a cached page may outlive it by its
 * time to live at most.
 */
import type { Agent } from 'node:http';
import type { Socket } from 'node:net';

export class BackendLiveness {
  private up = true;
  private readonly downListeners: (() => void)[] = [];
  private readonly watched = new WeakSet<Socket>();

  isUp(): boolean {
    return this.up;
  }

  onDown(listener: () => void): void {
    this.downListeners.push(listener);
  }

  markDown(): void {
    this.up = false;
    for (const listener of this.downListeners) listener();
  }

  /** Follows the connections `agent` keeps to the backend. */
  watch(agent: Agent): void {
    // 'free': a request on the socket got its whole answer and the socket waits for the next one.
    agent.on('free', (socket: Socket) => {
      if (this.watched.has(socket)) return;
      this.watched.add(socket);
      // 'end' is the peer's FIN only; our own idle timeout destroys the socket without it.
      socket.once('end', () => this.markDown());
      this.up = true;
    });
  }
}
