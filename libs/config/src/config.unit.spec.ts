import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index';

describe('loadConfig', () => {
  it('gives defaults for an empty environment', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.enrichDelayMs).toBe(30_000);
    expect(c.natsUrl).toBeUndefined();
  });
  it('lists every invalid variable at once', () => {
    try {
      loadConfig({ PORT: 'eighty', TG_ACCOUNT_SECRET: 'nope', TG_FETCH_ALLOW_PRIVATE: 'maybe', OLLAMA_HOST: 'not a url' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).problems).toHaveLength(4);
    }
  });
  it('accepts the account secret in either key style, and a key style for new keys', () => {
    expect(loadConfig({ TG_ACCOUNT_SECRET: 'galya_sk_' + 'a'.repeat(20) }).accountSecret).toBe('galya_sk_' + 'a'.repeat(20));
    expect(loadConfig({ TG_ACCOUNT_SECRET: 'tg_sk_' + 'a'.repeat(20) }).keyStyle).toBe('tg');
    expect(loadConfig({ TG_KEY_STYLE: 'galya' }).keyStyle).toBe('galya');
    expect(() => loadConfig({ TG_KEY_STYLE: 'stripe' })).toThrow(/TG_KEY_STYLE/);
    expect(() => loadConfig({ TG_ACCOUNT_SECRET: 'galya_wsk_' + 'a'.repeat(20) })).toThrow(/TG_ACCOUNT_SECRET/);
  });
  it('accepts a comma-separated NATS_URL of cluster nodes and the stream replicas', () => {
    const c = loadConfig({ NATS_URL: 'nats://n1:4222, nats://n2:4222,n3:4222', TG_STREAM_REPLICAS: '3' });
    expect(c.natsUrl).toBe('nats://n1:4222, nats://n2:4222,n3:4222');
    expect(c.streamReplicas).toBe(3);
    expect(() => loadConfig({ NATS_URL: 'nats://n1:4222,not a server' })).toThrow(/NATS_URL/);
  });
  it('reads the workspace partitions and the set this process serves, rejecting a set outside them', () => {
    expect(loadConfig({})).toMatchObject({ partitions: 1, servePartitions: [0] });
    expect(loadConfig({ TG_PARTITIONS: '12', TG_SERVE_PARTITIONS: '0-3,8' })).toMatchObject({ partitions: 12, servePartitions: [0, 1, 2, 3, 8] });
    expect(loadConfig({ TG_PARTITIONS: '4' }).servePartitions).toEqual([0, 1, 2, 3]);
    expect(() => loadConfig({ TG_PARTITIONS: '4', TG_SERVE_PARTITIONS: '2-5' })).toThrow(/TG_SERVE_PARTITIONS.*outside 0-3/);
    expect(() => loadConfig({ TG_PARTITIONS: '0' })).toThrow(/TG_PARTITIONS/);
  });
  it('reads the trusted proxies (addresses, CIDR ranges, proxy-addr names), rejecting anything else', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TG_TRUSTED_PROXIES: '10.0.0.9, 192.168.0.0/16,loopback,::1' }).trustedProxies).toEqual(['10.0.0.9', '192.168.0.0/16', 'loopback', '::1']);
    expect(() => loadConfig({ TG_TRUSTED_PROXIES: '10.0.0.9,proxy.example.com' })).toThrow(/TG_TRUSTED_PROXIES/);
    expect(() => loadConfig({ TG_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TG_TRUSTED_PROXIES/);
  });
  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', NATS_URL: '' }).port).toBe(8080);
  });
});
