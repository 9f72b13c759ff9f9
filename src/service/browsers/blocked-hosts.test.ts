import { describe, expect, it } from 'vitest';
import { blockedHostsFlag, parseBlockedHosts, resolvesThroughProxy } from './blocked-hosts';

describe('blockedHostsFlag', () => {
  it('maps every blocked host to "not found", names also with a trailing dot', () => {
    const hosts = parseBlockedHosts('169.254.169.254, Metadata.Google.Internal., [fd00:ec2::254]');
    expect(blockedHostsFlag(hosts)).toEqual([
      '--host-resolver-rules=MAP 169.254.169.254 ~NOTFOUND, MAP metadata.google.internal ~NOTFOUND, ' +
        'MAP metadata.google.internal. ~NOTFOUND, MAP fd00:ec2::254 ~NOTFOUND',
    ]);
  });

  it('adds no flag when nothing is blocked', () => {
    expect(blockedHostsFlag(parseBlockedHosts(' , '))).toEqual([]);
  });
});

describe('resolvesThroughProxy', () => {
  it('sees a proxy of the context or one from the environment, in either case', () => {
    expect(resolvesThroughProxy(undefined, {})).toBe(false);
    expect(resolvesThroughProxy({ server: 'http://proxy:8080' }, {})).toBe(true);
    expect(resolvesThroughProxy(undefined, { https_proxy: 'http://proxy:8080' })).toBe(true);
    expect(resolvesThroughProxy(undefined, { ALL_PROXY: 'socks5://proxy:1080' })).toBe(true);
    expect(resolvesThroughProxy(undefined, { http_proxy: '' })).toBe(false);
  });
});
