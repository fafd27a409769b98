import { describe, expect, it } from 'vitest';
import { at, el, readXml, textOf, writeDocument, writeXml } from './xml.ts';

describe('portal feed XML', () => {
  it('leaves out an element without a value, and writes numbers and booleans as text', () => {
    expect(el('LivingArea', null)).toBeNull();
    expect(el('Name', '')).toBeNull();
    expect(writeXml(el('Deadline', el('Quarter', null), el('Year', 2027), el('IsComplete', false))!)).toBe(
      '<Deadline><Year>2027</Year><IsComplete>false</IsComplete></Deadline>',
    );
    expect(writeXml(el('Image', { url: 'https://x.ru/a?b=1&c="2"' })!)).toBe('<Image url="https://x.ru/a?b=1&amp;c=&quot;2&quot;"/>');
  });

  it('reads back what it writes, entities included', () => {
    const doc = writeDocument(el('feed', el('feed_version', 2), el('object', el('Description', 'A & B <ok> «ЖК»')))!);
    const root = readXml(doc);
    expect(root.name).toBe('feed');
    expect(textOf(at(root, 'object/Description')!)).toBe('A & B <ok> «ЖК»');
    expect(textOf(at(root, 'feed_version')!)).toBe('2');
    expect(readXml('<a x="1"><b>&#x41;&#66;</b><![CDATA[<raw>]]><!-- c --></a>').children).toEqual([{ name: 'b', attrs: {}, children: ['AB'] }, '<raw>']);
  });

  it('refuses a document that is not well-formed', () => {
    expect(() => readXml('<a><b></a>')).toThrow(/closes <b>/);
    expect(() => readXml('<a>x & y</a>')).toThrow(/bare "&"/);
    expect(() => readXml('<a>')).toThrow(/not closed/);
    expect(() => readXml('<a></a><b/>')).toThrow(/after the root/);
    expect(() => readXml('<a x="1" x="2"/>')).toThrow(/repeated/);
    expect(() => readXml('<a>&nbsp;</a>')).toThrow(/unknown entity/);
  });
});
