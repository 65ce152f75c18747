import { promises as dns } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { type CompiledPolicy, isAddressAllowed } from './address-policy';
import { FetchError } from './errors';

/** One DNS answer. */
export interface ResolvedAddress {
  /** IPv4 or IPv6 address. */
  address: string;
  /** 4 or 6. */
  family: number;
}

/** Resolves a host name to every address it has (the system resolver unless a test supplies one). */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** Resolves through the operating system (getaddrinfo, /etc/hosts included), all addresses in resolver order. */
export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

function wantedFamily(family: number | string | undefined): number | undefined {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return undefined;
}

/**
 * A `net.connect` lookup that refuses the host when ANY of its addresses is forbidden, so a name
 * cannot smuggle a private address next to a public one. Because the socket connects to exactly the
 * addresses returned here, the check applies to the address actually connected to (no re-resolution,
 * no DNS-rebinding window).
 */
export function guardedLookup(resolve: Resolver, policy: CompiledPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const blocked = addresses.find((a) => !isAddressAllowed(a.address, policy));
        const family = wantedFamily(options.family);
        const usable = family ? addresses.filter((a) => a.family === family) : addresses;
        let error: FetchError | undefined;
        if (blocked) error = new FetchError('fetch_blocked_address', `${hostname} resolves to forbidden address ${blocked.address}`);
        else if (usable.length === 0) error = new FetchError('fetch_network', `${hostname} has no usable address`);
        // Called outside the promise chain so an exception inside net cannot re-enter this callback.
        if (error) process.nextTick(callback, error as NodeJS.ErrnoException, '');
        else if (options.all) process.nextTick(callback, null, usable.map((a) => ({ address: a.address, family: a.family })));
        else process.nextTick(callback, null, usable[0].address, usable[0].family);
      },
      (err: NodeJS.ErrnoException) => process.nextTick(callback, err, ''),
    );
  };
}
