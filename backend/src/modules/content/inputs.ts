/** Query schemas of the searches (contract XmkSearchParams / ZbSearchParams). */
import { z } from 'zod';
import { KEYWORD_MAX_LENGTH } from '@shared/constants';
import { TAG_VALUE } from '../../search/tokens';
import { dateOnly, decimal, matching, oneOf, optional, pageFields, text } from '../../validation';

export const keywordField = optional(
  `keyword 必须是不超过 ${KEYWORD_MAX_LENGTH} 个字符的文本`,
  text(0, KEYWORD_MAX_LENGTH),
);
/** Dictionary values are short codes; the same pattern makes them safe as index tags. */
const code = (name: string) => optional(`${name} 不是有效的取值`, matching(TAG_VALUE, 16));
const amount = (name: string) => optional(`${name} 必须是 0 到 100000000 之间的数字（万元）`, decimal(0, 100_000_000));
const date = (name: string) => optional(`${name} 必须是 yyyy-MM-dd 格式的日期`, dateOnly);
/** RuoYi sends ascending/descending from table sorters; asc/desc elsewhere. */
const isAsc = optional('isAsc 必须是 asc 或 desc', oneOf(['asc', 'desc', 'ascending', 'descending']), 'desc');

const common = {
  ...pageFields,
  keyword: keywordField,
  areaCode: optional('areaCode 必须是 6 位地区编码', matching(/^\d{6}$/, 6)),
  industry: code('industry'),
  beginTime: date('beginTime'),
  endTime: date('endTime'),
  isAsc,
};

const notAfter = (first: string | undefined, second: string | undefined) => !first || !second || first <= second;
const notAbove = (first: number | undefined, second: number | undefined) =>
  first === undefined || second === undefined || first <= second;

export const xmkSearchQuery = z
  .object({
    ...common,
    stage: code('stage'),
    nature: code('nature'),
    minInvestment: amount('minInvestment'),
    maxInvestment: amount('maxInvestment'),
    orderBy: optional('orderBy 必须是 time、investment 或 views', oneOf(['time', 'investment', 'views']), 'time'),
  })
  .refine((q) => notAfter(q.beginTime, q.endTime), { error: 'beginTime 不能晚于 endTime' })
  .refine((q) => notAbove(q.minInvestment, q.maxInvestment), { error: 'minInvestment 不能大于 maxInvestment' });

export const zbSearchQuery = z
  .object({
    ...common,
    noticeType: code('noticeType'),
    minAmount: amount('minAmount'),
    maxAmount: amount('maxAmount'),
    orderBy: optional('orderBy 必须是 time、amount 或 views', oneOf(['time', 'amount', 'views']), 'time'),
  })
  .refine((q) => notAfter(q.beginTime, q.endTime), { error: 'beginTime 不能晚于 endTime' })
  .refine((q) => notAbove(q.minAmount, q.maxAmount), { error: 'minAmount 不能大于 maxAmount' });

export const isAscending = (isAsc: string) => isAsc === 'asc' || isAsc === 'ascending';
