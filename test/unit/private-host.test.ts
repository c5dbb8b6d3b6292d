// Which content-service hosts count as private: these decide whether an export self-hosts images.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isPrivateHost } from '../../scripts/lib/private-host.ts';

test('loopback, localhost, private and link-local hosts are private', () => {
  for (const u of [
    'http://127.0.0.1:4000',
    'http://127.5.6.7',
    'http://[::1]:80',
    'http://localhost:3',
    'http://a.localhost',
    'http://LOCALHOST.',
    'http://10.2.3.4',
    'http://172.16.0.1',
    'http://172.31.255.255',
    'http://192.168.1.1',
    'http://169.254.1.1',
    'http://[fc00::1]',
    'http://[fd12:3456::1]',
    'http://[fe80::1]',
    'http://[::ffff:127.0.0.1]',
    'http://0.0.0.0',
  ])
    assert.equal(isPrivateHost(u), true, u);
});

test('public hosts are not', () => {
  for (const u of [
    'https://cdn.sanity.io',
    'http://8.8.8.8',
    'http://172.32.0.1',
    'http://192.169.1.1',
    'http://11.0.0.1',
    'http://[2001:db8::1]',
    'http://[::ffff:8.8.8.8]',
    'https://localhost.example.org',
    'not a url',
  ])
    assert.equal(isPrivateHost(u), false, u);
});
