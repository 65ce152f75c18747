import { describe, expect, it } from 'vitest';
import { assertUrlAllowed, compilePolicy, isAddressAllowed, isBlockedHostname, isForbiddenAddress } from './address-policy';
import { FetchError } from './errors';

const FORBIDDEN: Array<[string, string]> = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12 start'],
  ['172.31.255.255', 'private 172.16/12 end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT start'],
  ['100.127.255.255', 'CGNAT end'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '0/8'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved class E'],
  ['192.0.2.1', 'TEST-NET-1'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fc00::1', 'unique-local fc'],
  ['fd12:3456::1', 'unique-local fd'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['febf::1', 'IPv6 link-local end'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:0:a9fe:a9fe', 'IPv4-translated metadata'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['2002:7f00:1::', '6to4 of loopback'],
  ['::7f00:1', 'IPv4-compatible (deprecated)'],
  ['64:ff9b:1::1', 'NAT64 local-use'],
  ['2001:db8::1', 'documentation'],
  ['2001::1', 'Teredo'],
  ['100::1', 'discard'],
  ['fec0::1', 'site-local (deprecated)'],
  ['127.1', 'short loopback'],
  ['0x7f000001', 'hex loopback'],
  ['2130706433', 'decimal loopback'],
  ['0177.0.0.1', 'octal loopback'],
  ['not-an-ip', 'unparseable (fail closed)'],
  ['', 'empty (fail closed)'],
];

const ALLOWED: Array<[string, string]> = [
  ['93.184.216.34', 'public IPv4'],
  ['8.8.8.8', 'public resolver'],
  ['1.1.1.1', 'public resolver'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of public'],
];

describe('isForbiddenAddress', () => {
  it.each(FORBIDDEN)('forbids %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });
  it.each(ALLOWED)('allows %s (%s)', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });
});

describe('isAddressAllowed', () => {
  it('lets allowCidrs open exactly their range, IPv4-mapped forms included', () => {
    const policy = compilePolicy({ allowCidrs: ['127.0.0.0/8'] });
    expect(isAddressAllowed('127.0.0.1', policy)).toBe(true);
    expect(isAddressAllowed('::ffff:127.0.0.1', policy)).toBe(true);
    expect(isAddressAllowed('10.0.0.1', policy)).toBe(false);
    expect(isAddressAllowed('::1', policy)).toBe(false);
    expect(isAddressAllowed('8.8.8.8', policy)).toBe(true);
  });
  it('lets allowPrivate open every address', () => {
    const policy = compilePolicy({ allowPrivate: true });
    expect(isAddressAllowed('10.0.0.1', policy)).toBe(true);
    expect(isAddressAllowed('::1', policy)).toBe(true);
  });
  it('rejects malformed CIDRs loudly', () => {
    expect(() => compilePolicy({ allowCidrs: ['127.0.0.0/33'] })).toThrow(TypeError);
    expect(() => compilePolicy({ allowCidrs: ['nope'] })).toThrow(TypeError);
  });
});

describe('isBlockedHostname', () => {
  it.each(['localhost', 'LOCALHOST.', 'app.localhost', 'metadata.google.internal', 'metadata.google.internal.', 'metadata', 'db.internal', 'printer.local', 'nas.home.arpa', 'intranet'])(
    'blocks %s',
    (name) => expect(isBlockedHostname(name)).toBe(true),
  );
  it.each(['example.com', 'news.ycombinator.com', 'internal.example.com', 'localhost.example.org'])('allows %s', (name) =>
    expect(isBlockedHostname(name)).toBe(false),
  );
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof FetchError ? err.code : `not a FetchError: ${String(err)}`;
  }
}

describe('assertUrlAllowed', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1:8080/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://169.254.169.254/latest/meta-data',
    'http://0.0.0.0/',
    'https://10.1.2.3/',
    'http://localhost:3000/',
    'http://metadata.google.internal/computeMetadata/v1/',
  ])('blocks %s', (url) => {
    expect(codeOf(() => assertUrlAllowed(url))).toBe('fetch_blocked_address');
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'gopher://example.com/', 'javascript:alert(1)', 'data:text/html,hi', 'not a url', '', 'http://user:pass@example.com/'])(
    'rejects %s as invalid',
    (url) => expect(codeOf(() => assertUrlAllowed(url))).toBe('fetch_invalid_url'),
  );

  it('accepts public URLs and returns them parsed', () => {
    expect(assertUrlAllowed('https://Example.com/a?b=1').href).toBe('https://example.com/a?b=1');
    expect(assertUrlAllowed('http://93.184.216.34/').hostname).toBe('93.184.216.34');
  });

  it('honours allowCidrs for literal addresses but not for private names', () => {
    expect(assertUrlAllowed('http://127.0.0.1:9/', { allowCidrs: ['127.0.0.0/8'] }).port).toBe('9');
    expect(codeOf(() => assertUrlAllowed('http://10.0.0.1/', { allowCidrs: ['127.0.0.0/8'] }))).toBe('fetch_blocked_address');
    expect(codeOf(() => assertUrlAllowed('http://localhost/', { allowCidrs: ['127.0.0.0/8'] }))).toBe('fetch_blocked_address');
  });

  it('honours allowPrivate for addresses and names, never for schemes', () => {
    expect(assertUrlAllowed('http://10.0.0.1/', { allowPrivate: true }).hostname).toBe('10.0.0.1');
    expect(assertUrlAllowed('http://localhost/', { allowPrivate: true }).hostname).toBe('localhost');
    expect(codeOf(() => assertUrlAllowed('file:///etc/passwd', { allowPrivate: true }))).toBe('fetch_invalid_url');
  });
});
