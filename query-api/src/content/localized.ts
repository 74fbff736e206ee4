import type { Bi, ContentBlock } from '@tradelog/schemas/portal/content';
import type { Block } from '@tradelog/schemas/portal/contentAnswers';
import type { Lang } from './seed/types.ts';

/** One language of bilingual content (portal spec §7: the payload's `lang`), Chinese where the other is empty. */
export const text = (value: Bi, lang: Lang) => value[lang] || value.cn;

export function blocks(list: ContentBlock[], lang: Lang): Block[] {
  return list.map((block) =>
    block.kind === 'list'
      ? { kind: 'list' as const, items: block.items.map((item) => text(item, lang)) }
      : { kind: block.kind, text: text(block.text, lang) },
  );
}
