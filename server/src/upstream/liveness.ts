/**
 * Whether the backend is believed to answer, for the render cache: a cached page must not hide an
 * outage (while the backend is down, pages answer the error page within a second).
 *
 * Down on the first sign of it, on any connection the agent opened, whoever used it (a render, the
 * API proxy, the health probe):
 * - the backend closing a connection (FIN: a killed or stopping process closes all of them at once);
 * - the backend resetting one (RST: a process killed while a request waited unread in its socket,
 *   which is what a loaded machine has at any moment), or a write meeting a closed one;
 * - a connection refused;
 * - a render answering 502/503 (render/ssr.ts calls `markDown`).
 * Our own ends of a connection are no sign: the agent's idle timeout, a call we gave up on (timeout,
 * a browser that left) destroy the socket without one of those codes.
 *
 * Up again when an answer arrives to a request sent after the backend went down: answers to
 * requests sent before may still be finishing on old connections. A backend that goes away while
 * the server holds no connection to it and makes no call is noticed by the next call, so a cached
 * page may outlive it by its time to live at most.
 */
import type { Agent } from 'node:http';
import type { Duplex } from 'node:stream';

/** Socket errors that only the other side (or the network to it) can cause. */
const BACKEND_GONE = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);

export class BackendLiveness {
  private up = true;
  /** How many times the backend went down: a request is stamped with the count when it is sent. */
  private downs = 0;
  private readonly downListeners: (() => void)[] = [];
  private readonly sentIn = new WeakMap<Duplex, number>();
  private readonly followed = new WeakSet<Duplex>();

  isUp(): boolean {
    return this.up;
  }

  onDown(listener: () => void): void {
    this.downListeners.push(listener);
  }

  markDown(): void {
    this.downs++;
    this.up = false;
    for (const listener of this.downListeners) listener();
  }

  /**
   * Follows every connection `agent` opens to the backend, from its first request on. Both hooks
   * are the agent's documented extension points (`createConnection`, `reuseSocket`).
   */
  watch(agent: Agent): void {
    const createConnection = agent.createConnection.bind(agent);
    agent.createConnection = (options, callback) => {
      const socket = createConnection(options, callback);
      if (socket) this.follow(socket);
      return socket;
    };
    const reuseSocket = agent.reuseSocket.bind(agent);
    agent.reuseSocket = (socket, request) => {
      this.sentIn.set(socket, this.downs);
      reuseSocket(socket, request);
    };
    // 'free': a request on the socket got its whole answer. The agent's own listener (registered
    // first) has already handed the socket to a request queued for one, if any, without
    // `reuseSocket`: that request is sent now, so the socket is stamped now. Under load, when every
    // socket is busy, that is how all requests are sent, and the backend would never count as back.
    agent.on('free', (socket: Duplex) => {
      if (!this.up && this.sentIn.get(socket) === this.downs) this.up = true;
      this.sentIn.set(socket, this.downs);
    });
  }

  private follow(socket: Duplex): void {
    if (this.followed.has(socket)) return;
    this.followed.add(socket);
    this.sentIn.set(socket, this.downs);
    // 'end' is the peer's FIN only; our own idle timeout destroys the socket without it.
    socket.once('end', () => this.markDown());
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== undefined && BACKEND_GONE.has(error.code)) this.markDown();
    });
  }
}
