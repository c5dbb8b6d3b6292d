// The distance chip's arithmetic: haversine in miles (earth radius 3958.8) and one-decimal display.
import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import {
  EARTH_RADIUS_MILES,
  formatMiles,
  haversineMiles,
  isValidLocation,
} from '../../src/lib/family-tools/distance.ts';

const close = (a: number, b: number, eps = 1e-6) => assert.ok(Math.abs(a - b) < eps, `${a} ≈ ${b}`);

test('one degree of longitude on the equator is 2πR/360 miles', () => {
  close(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 1 }), (2 * Math.PI * EARTH_RADIUS_MILES) / 360);
});

test('antipodes are half the circumference; the same point is 0', () => {
  close(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 }), Math.PI * EARTH_RADIUS_MILES);
  close(haversineMiles({ lat: 90, lng: 0 }, { lat: -90, lng: 0 }), Math.PI * EARTH_RADIUS_MILES);
  assert.equal(haversineMiles({ lat: 39.74, lng: -104.99 }, { lat: 39.74, lng: -104.99 }), 0);
});

test('a real pair: Denver Union Station to Boulder is 23.1 miles (checked with an independent haversine) and symmetric', () => {
  const denver = { lat: 39.7527, lng: -105.0001 };
  const boulder = { lat: 40.015, lng: -105.2705 };
  const d = haversineMiles(denver, boulder);
  assert.equal(formatMiles(d), '23.1');
  close(d, haversineMiles(boulder, denver));
});

test('formatMiles rounds to one decimal and hides zero and junk', () => {
  assert.equal(formatMiles(3.44), '3.4');
  assert.equal(formatMiles(3.45001), '3.5');
  assert.equal(formatMiles(12), '12.0');
  assert.equal(formatMiles(0.05), '0.1');
  assert.equal(formatMiles(0.049), null);
  assert.equal(formatMiles(0), null);
  assert.equal(formatMiles(-1), null);
  assert.equal(formatMiles(Number.NaN), null);
  assert.equal(formatMiles(Number.POSITIVE_INFINITY), null);
});

test('isValidLocation accepts finite in-range coordinates only', () => {
  assert.ok(isValidLocation({ lat: 39.74, lng: -104.99 }));
  assert.ok(isValidLocation({ lat: -90, lng: 180 }));
  for (const bad of [
    null,
    undefined,
    'x',
    {},
    { lat: 91, lng: 0 },
    { lat: 0, lng: -180.5 },
    { lat: '39', lng: -104 },
    { lat: Number.NaN, lng: 0 },
    { lat: 0, lng: Number.POSITIVE_INFINITY },
    { lat: 10 },
  ]) {
    assert.equal(isValidLocation(bad), false, JSON.stringify(bad));
  }
});
