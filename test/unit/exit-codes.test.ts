// One exit-code table and one bad-input error for every command: the numbers scripts and CI read,
// and the class the browser-safe config reader and the Node side share.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EXIT, exitCodeOf, exitCodeOfSignal } from '../../core/exit-codes.ts';
import { InputError } from '../../core/errors.ts';
import { InputError as BrowserInputError } from '../../src/lib/input-error.ts';
import { parsePort } from '../../core/args.ts';

describe('core/exit-codes.ts', () => {
  it("keeps the export's documented meanings", () => {
    assert.deepEqual(EXIT, {
      ok: 0,
      usage: 1,
      fetch: 2,
      noContent: 3,
      render: 4,
      targetMissed: 5,
      strict: 6,
      interrupted: 130,
      terminated: 143,
    });
  });

  it('maps SIGINT to 130 and SIGTERM to 143, as shells report a command a signal ended', () => {
    assert.equal(exitCodeOfSignal('SIGINT'), 130);
    assert.equal(exitCodeOfSignal('SIGTERM'), 143);
  });

  it('maps bad input to 1 and anything else to 4', () => {
    assert.equal(exitCodeOf(new InputError('bad flag')), EXIT.usage);
    assert.equal(exitCodeOf(new Error('EADDRINUSE')), EXIT.render);
  });

  it('has one InputError class on both sides, naming the variable when there is one', () => {
    assert.equal(InputError, BrowserInputError);
    const e = new InputError('"x" is not valid', 'PORT');
    assert.equal(e.variable, 'PORT');
    assert.equal(e.message, 'PORT: "x" is not valid');
    assert.equal(new InputError('flag --x').variable, null);
  });
});

describe('parsePort', () => {
  it('reads flags and variables with one rule, naming the source', () => {
    assert.equal(parsePort(undefined, 'PORT', 3000), 3000);
    assert.equal(parsePort(' ', '--port', 4000), 4000);
    assert.equal(parsePort('0', '--port', 1), 0);
    assert.equal(parsePort('65535', 'PORT', 1), 65535);
    assert.throws(
      () => parsePort('65536', 'PORT', 1),
      (e: unknown) => e instanceof InputError && e.variable === 'PORT',
    );
    assert.throws(() => parsePort('eighty', '--port', 1), /^InputError: flag --port must be a whole number/);
    assert.throws(() => parsePort('1.5', '--port', 1), InputError);
  });
});
