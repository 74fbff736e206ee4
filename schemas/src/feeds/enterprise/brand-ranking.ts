import {
  code,
  documentSchema,
  type JsonSchema,
  labels as l,
  list,
  record,
  whole,
} from '../../documents/json-schema.ts';
import { feedField } from './fields.ts';

/**
 * Brand rankings (query spec §3 "Brand ranking"), as a ranking agency publishes them: one
 * ranking type (0 composite, 1 high-end, 2 popularity) for one period (a year YYYY or a month
 * YYYY-MM), a list of brands with their category (third level) and place. The query's type 99
 * ("all") is not a ranking an agency publishes: it asks for the three together, which the
 * projection assembles per brand and category (processors/README.md, "Enterprise feeds").
 */
export const rankingTypes = {
  '0': ['综合排名', 'composite'],
  '1': ['高端排名', 'high-end'],
  '2': ['人气排名', 'popularity'],
} as const satisfies Record<string, readonly [string, string]>;

export const brand = feedField.text(50, l('品牌', 'Brand', '品牌名称', 'The brand name'));
export const category = feedField.text(50, l('品类', 'Category', '三级品类', 'The third-level category'));

export const brandRankingSchema: JsonSchema = documentSchema({
  words: l(
    '品牌排名',
    'Brand ranking',
    '排名机构发布的一个期间、一种排名类型的品牌排名',
    "A ranking agency's ranking of brands of one type for one period",
  ),
  properties: {
    rankingType: code(
      rankingTypes,
      l('排名类型', 'Ranking type', '本份排名的类型', 'The type of this ranking'),
    ),
    dataMonth: feedField.period,
    rankingList: list(
      record(
        {
          brand,
          category,
          ranking: whole(
            { min: 1 },
            l('名次', 'Place', '在该品类中的名次，从 1 开始', 'The place within the category, from 1'),
          ),
        },
        ['brand', 'category', 'ranking'],
        l('品牌名次', 'Brand place', '一个品牌在其品类中的名次', "One brand's place in its category"),
      ),
      { min: 1, max: 20000 },
      l('排名列表', 'Rankings', '各品牌名次', 'The places of the brands'),
    ),
  },
  required: ['rankingType', 'dataMonth', 'rankingList'],
});
