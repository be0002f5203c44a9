import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy on the loopback in front of a database server, to play an outage: `refuse()` drops
 * every connection and stops listening (new connections are refused, as when the server is down),
 * `silence()` drops every connection, then accepts new ones but never answers (as when the network
 * drops packets),
 * `accept()` forwards again on the same port.
 */
export interface TcpProxy {
  port: number
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string
  refuse(): Promise<void>
  silence(): Promise<void>
  accept(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let silent = false
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => socket.destroy())
  }
  const server: Server = createServer((client) => {
    track(client)
    if (silent) return // held open, never answered
    const upstream = connect(target.port, target.host)
    track(upstream)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream).pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  const stop = async () => {
    const closed = server.listening ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined
    for (const socket of sockets) socket.destroy()
    await closed
  }

  await listen(0)
  const { port } = server.address() as { port: number }
  return {
    port,
    urlFor: (url) => {
      const proxied = new URL(url)
      proxied.hostname = '127.0.0.1'
      proxied.port = String(port)
      return proxied.toString()
    },
    refuse: stop,
    silence: async () => {
      silent = true
      for (const socket of sockets) socket.destroy()
    },
    accept: async () => {
      silent = false
      if (!server.listening) await listen(port)
    },
    close: stop,
  }
}
