import { connect as tcp } from 'node:net';

/**
 * Writes the request's bytes as they are to the server at `url`'s port and reads until the
 * server closes the connection (every request the sweeps send says `Connection: close`, or is
 * one the server must close on); rejects if it stays open 8 s.
 */
export const rawRequest = (url: string, request: string, port = Number(new URL(url).port)) =>
  new Promise<string>((resolve, reject) => {
    const socket = tcp(port, '127.0.0.1');
    let data = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 8 s; read so far: ${data.slice(0, 200)}`));
    }, 8000);
    socket.on('connect', () => socket.write(request));
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
  });
