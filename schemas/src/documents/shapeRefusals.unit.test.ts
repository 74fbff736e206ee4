import { describe, expect, it } from 'vitest';
import {
  nestedTooDeep,
  propertyNameTooLong,
  rawNestedTooDeep,
  rawTooManyMembers,
  stringTooLong,
  tooManyItems,
} from './shapeRefusals.ts';

describe('shape refusals, as partners read them', () => {
  it('name the field by its path and title, or the document itself', () => {
    const titled = { type: 'array' as const, title: '商品列表', 'x-title-en': 'goods list' };
    expect(tooManyItems('goodsList', titled, 3, 5).message).toEqual({
      cn: 'goodsList（商品列表）最多只能有 3 项，实际为 5 项',
      en: 'goodsList (goods list) must have at most 3 items; got 5',
    });
    expect(nestedTooDeep('', undefined, 12).message).toEqual({
      cn: '单据嵌套过深：对象与列表最多嵌套 12 层',
      en: 'the document is nested too deep: objects and lists nest at most 12 levels',
    });
    expect(stringTooLong('extra', 4000, 4001)).toEqual({
      path: 'extra',
      rule: 'maxLength',
      message: {
        cn: 'extra长度不能超过 4000 个字符（规范未列出的字段），实际为 4001 个',
        en: 'extra must be at most 4000 characters (a field the spec does not name); got 4001',
      },
    });
    expect(propertyNameTooLong('a.bbb', 2, 3).message.en).toBe(
      'The property name a.bbb is too long: at most 2 characters; got 3',
    );
  });

  it('from the raw scan, say where as far as read, and name an unnamed container by its kind', () => {
    expect(rawNestedTooDeep('a[0]', 12).message.en).toBe(
      'The document a[0] nests too deep: objects and lists nest at most 12 levels',
    );
    expect(rawNestedTooDeep('', 12).message.cn).toBe('单据嵌套过深：对象与列表最多嵌套 12 层');
    const limits = { properties: 300, items: 1000 };
    expect(rawTooManyMembers('', true, limits).message).toEqual({
      cn: '单据的字段过多：最多 300 个',
      en: 'The document has too many properties: at most 300',
    });
    expect(rawTooManyMembers('', false, limits)).toEqual({
      path: '',
      rule: 'maxItems',
      message: {
        cn: '列表过长：任何列表最多 1000 项',
        en: 'The list is too long: a list holds at most 1000 items',
      },
    });
  });
});
