import dgram from 'node:dgram';
import { freePort, type RunningNginx, startNginx } from './nginx.js';
import { readText } from './repo.js';

/**
 * The remotes' services as the gateway reaches them in Compose: each remote's real site config
 * (deploy/remote/nginx.conf) in an nginx of its own, all on one port (the gateway's
 * VIGIL_REMOTE_PORT) at a loopback address of its own, and a DNS server (VIGIL_RESOLVER) that
 * resolves each remote's name to its address, as Docker's embedded DNS resolves service names.
 * Any other name does not exist (NXDOMAIN).
 */
export interface RemoteSites {
  /** VIGIL_RESOLVER, VIGIL_REMOTE_PORT and VIGIL_REMOTE_DOMAIN (none: bare names, as Compose's), for the gateway's template. */
  env: Record<string, string>;
  /** Each remote's nginx. */
  servers: Record<string, RunningNginx>;
  /** The names the DNS server was asked for, in order. */
  queries: string[];
  /** Starts one more remote's service, as `docker compose up -d remote-<name>` would. */
  add(remote: string, site: string): Promise<RunningNginx>;
  stop(): Promise<void>;
}

/** The name asked for in a DNS query (RFC 1035 §4.1.2), and where its question ends. */
function question(query: Buffer): { name: string; end: number } {
  const labels: string[] = [];
  let offset = 12;
  for (let length = query[offset]!; length > 0; length = query[offset]!) {
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('latin1'));
    offset += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), end: offset + 5 };
}

/** An answer to `query`: the A record of a known name, else NXDOMAIN. */
function answer(query: Buffer, addresses: ReadonlyMap<string, string>): { name: string; reply: Buffer } {
  const { name, end } = question(query);
  const type = query.readUInt16BE(end - 4);
  const address = addresses.get(name);
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // A response, recursion desired and available; rcode 3 (NXDOMAIN) for an unknown name.
  header.writeUInt16BE(address ? 0x8180 : 0x8183, 2);
  header.writeUInt16BE(1, 4);
  const records = address && type === 1 ? 1 : 0;
  header.writeUInt16BE(records, 6);
  const parts = [header, query.subarray(12, end)];
  if (records) {
    const record = Buffer.alloc(16);
    record.writeUInt16BE(0xc00c, 0); // the name, as in the question
    record.writeUInt16BE(1, 2); // A
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(1, 6); // TTL: 1 s
    record.writeUInt16BE(4, 10);
    Buffer.from(address!.split('.').map(Number)).copy(record, 12);
    parts.push(record);
  }
  return { name, reply: Buffer.concat(parts) };
}

/** `sites`: remote → the folder its container serves (its root, holding remotes/<remote>/<version>/). */
export async function startRemoteSites(
  sites: Record<string, string>,
  siteConf = readText('deploy/remote/nginx.conf'),
): Promise<RemoteSites> {
  const addresses = new Map<string, string>();
  const servers: Record<string, RunningNginx> = {};
  const queries: string[] = [];
  const dns = dgram.createSocket('udp4');
  dns.on('message', (query, peer) => {
    const { name, reply } = answer(query, addresses);
    queries.push(name);
    dns.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => dns.bind(0, '127.0.0.1', resolve));
  const stop = async () => {
    for (const server of Object.values(servers)) await server.stop();
    dns.close();
  };
  try {
    const port = await freePort();
    // A /24 of the loopback range of this run's own, so parallel runs never share an address.
    const net = `127.${100 + Math.floor(Math.random() * 150)}.${1 + Math.floor(Math.random() * 250)}`;
    const add = async (remote: string, site: string) => {
      const address = `${net}.${addresses.size + 1}`;
      servers[remote] = await startNginx(siteConf, site, {}, { host: address, port });
      addresses.set(remote, address);
      return servers[remote];
    };
    for (const [remote, site] of Object.entries(sites)) await add(remote, site);
    const env = { VIGIL_RESOLVER: `127.0.0.1:${dns.address().port}`, VIGIL_REMOTE_PORT: String(port), VIGIL_REMOTE_DOMAIN: '' };
    return { env, servers, queries, add, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
