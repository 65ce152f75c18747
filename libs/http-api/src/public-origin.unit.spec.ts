import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin';

const req = (host: string, local = '127.0.0.1') => ({ headers: { host }, protocol: 'http', socket: { localAddress: local, localPort: 8080 } }) as unknown as FastifyRequest;

describe('publicOrigin: links never follow a forged Host header', () => {
  it('uses the configured public base URL first', () => {
    expect(publicOrigin(req('evil.example'), { publicBaseUrl: 'https://tg.example.com/', allowedHosts: [] })).toBe('https://tg.example.com');
  });
  it('uses the Host only when it is allowed (with or without port)', () => {
    expect(publicOrigin(req('api.example.net:8443'), { allowedHosts: ['api.example.net'] })).toBe('http://api.example.net:8443');
    expect(publicOrigin(req('API.example.net'), { allowedHosts: ['api.example.net'] })).toBe('http://api.example.net');
  });
  it('otherwise the address the connection reached', () => {
    expect(publicOrigin(req('evil.example'), { allowedHosts: ['api.example.net'] })).toBe('http://127.0.0.1:8080');
    expect(publicOrigin(req('evil.example', '::ffff:10.0.0.5'), { allowedHosts: [] })).toBe('http://10.0.0.5:8080');
    expect(publicOrigin(req('evil.example', '::1'), { allowedHosts: [] })).toBe('http://[::1]:8080');
  });
});
