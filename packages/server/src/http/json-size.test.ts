import { describe, expect, it } from 'vitest';
import { measureJson } from './json-size.ts';

describe('measureJson: what a JSON text would build, counted unparsed', () => {
  it('counts the items of a top-level array, not those nested in them', () => {
    expect(measureJson('[]')).toEqual({ items: 0, values: 1 });
    expect(measureJson(' [ \n ] ')).toEqual({ items: 0, values: 1 });
    expect(measureJson('[1]')).toEqual({ items: 1, values: 1 });
    expect(measureJson('[{"a":[1,2,3]},{"b":{}}, null]')).toEqual({ items: 3, values: 9 });
    expect(measureJson('[[],[]]')).toEqual({ items: 2, values: 4 });
  });

  it('says a text that is not an array has no items, and still counts its values', () => {
    expect(measureJson('{"a":[1,2],"b":3}')).toEqual({ items: undefined, values: 4 });
    expect(measureJson('"x"')).toEqual({ items: undefined, values: 0 });
    expect(measureJson('')).toEqual({ items: undefined, values: 0 });
  });

  it('reads commas, brackets and escaped quotes inside strings as text', () => {
    expect(measureJson('["a,b", "[{", "c\\",d", "e\\\\", "f"]')).toEqual({ items: 5, values: 5 });
    expect(measureJson('["\\u0022,", 2]')).toEqual({ items: 2, values: 2 });
  });

  it('counts malformed text as far as it goes', () => {
    expect(measureJson('[1,2,')).toEqual({ items: 3, values: 3 });
    expect(measureJson('["unterminated, 1, 2]')).toEqual({ items: 1, values: 1 });
  });
});
