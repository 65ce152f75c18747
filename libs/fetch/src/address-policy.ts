import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { FetchError } from './errors';

type IPAddress = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [IPAddress, number];

/** Which destinations a fetch may reach besides public unicast addresses. */
export interface AddressPolicy {
  /** Disable every address and host-name refusal (private, loopback, link-local, metadata...). Default false. */
  allowPrivate?: boolean;
  /** CIDR ranges that are allowed even though they are otherwise forbidden, e.g. `['127.0.0.0/8']`. */
  allowCidrs?: readonly string[];
}

/** An {@link AddressPolicy} with its CIDRs parsed once, reused on every redirect hop and DNS answer. */
export interface CompiledPolicy {
  /** See {@link AddressPolicy.allowPrivate}. */
  readonly allowPrivate: boolean;
  /** Parsed {@link AddressPolicy.allowCidrs}. */
  readonly cidrs: readonly Cidr[];
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

// Names that are private by definition (RFC 6761/6762/8375, ICANN .internal) or cloud metadata aliases.
const BLOCKED_NAMES = new Set(['localhost', 'metadata', 'metadata.google.internal', 'metadata.goog', 'instance-data']);
const BLOCKED_SUFFIXES = ['.localhost', '.internal', '.local', '.localdomain', '.home.arpa', '.metadata.goog'];

/**
 * Parses an {@link AddressPolicy}.
 * @throws TypeError when an `allowCidrs` entry is not a valid CIDR
 */
export function compilePolicy(policy: AddressPolicy = {}): CompiledPolicy {
  const cidrs = (policy.allowCidrs ?? []).map((cidr): Cidr => {
    try {
      return ipaddr.parseCIDR(cidr);
    } catch (err) {
      throw new TypeError(`invalid allowCidrs entry: ${cidr}`, { cause: err });
    }
  });
  return { allowPrivate: policy.allowPrivate === true, cidrs };
}

/** The IPv4 address an IPv6 address stands for (mapped, translated, NAT64, 6to4), if any. */
function embeddedIPv4(addr: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = addr.range();
  const p = addr.parts;
  if (range === 'ipv4Mapped' || range === 'rfc6145' || addr.match(NAT64_WELL_KNOWN)) {
    return new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  }
  if (range === '6to4') return new ipaddr.IPv4([p[1] >> 8, p[1] & 0xff, p[2] >> 8, p[2] & 0xff]);
  return undefined;
}

/**
 * True when `ip` must not be fetched by default: anything that is not public unicast. This covers
 * loopback, RFC 1918 private, link-local (incl. 169.254.169.254), CGNAT, 0.0.0.0/8, multicast,
 * broadcast, reserved/documentation ranges, IPv6 unique-local, link-local, `::`, `::1`, IPv6 outside
 * 2000::/3, and IPv4-mapped/NAT64/6to4 IPv6 forms of forbidden IPv4 addresses.
 * Unparseable input is forbidden (fail closed). Accepts inet_aton forms (`127.1`, `0x7f000001`).
 */
export function isForbiddenAddress(ip: string): boolean {
  let addr: IPAddress;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return true;
  }
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const v4 = embeddedIPv4(v6);
  if (v4) return v4.range() !== 'unicast';
  return v6.range() !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6);
}

function inAllowedCidr(ip: string, cidrs: readonly Cidr[]): boolean {
  if (cidrs.length === 0) return false;
  let addr: IPAddress;
  try {
    addr = ipaddr.process(ip); // turns ::ffff:a.b.c.d into a.b.c.d so it matches IPv4 CIDRs
  } catch {
    return false;
  }
  return cidrs.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

/** True when `ip` may be connected to under `policy`. */
export function isAddressAllowed(ip: string, policy: CompiledPolicy): boolean {
  return policy.allowPrivate || inAllowedCidr(ip, policy.cidrs) || !isForbiddenAddress(ip);
}

/** True for host names that are private by construction (localhost, *.internal, single labels...). */
export function isBlockedHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  if (!name.includes('.')) return true; // single labels resolve through search domains to internal hosts
  return BLOCKED_NAMES.has(name) || BLOCKED_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** Strips the brackets WHATWG URL keeps around IPv6 literals. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** {@link assertUrlAllowed} with an already compiled policy. */
export function checkUrl(input: string | URL, policy: CompiledPolicy): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (err) {
    throw new FetchError('fetch_invalid_url', 'not a valid absolute URL', { cause: err });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError('fetch_invalid_url', `unsupported scheme ${url.protocol}`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new FetchError('fetch_invalid_url', 'URLs with credentials are not fetched');
  }
  const host = hostOf(url);
  if (host === '') throw new FetchError('fetch_invalid_url', 'URL has no host');
  if (isIP(host) !== 0) {
    if (!isAddressAllowed(host, policy)) throw new FetchError('fetch_blocked_address', `address ${host} is not allowed`);
  } else if (!policy.allowPrivate && isBlockedHostname(host)) {
    throw new FetchError('fetch_blocked_address', `host ${host} is not allowed`);
  }
  return url;
}

/**
 * Checks a URL before any connection: scheme is http/https, no credentials, and a literal IP host
 * (after WHATWG normalisation of decimal/hex/short IPv4 forms) or a private-by-name host is refused
 * unless the policy allows it. Host names that pass are checked again after DNS resolution by `fetchUrl`.
 * @returns the parsed URL
 * @throws FetchError `fetch_invalid_url` or `fetch_blocked_address`
 */
export function assertUrlAllowed(url: string | URL, policy: AddressPolicy = {}): URL {
  return checkUrl(url, compilePolicy(policy));
}
