/**
 * The zod side of a call: what each domain's schema module (`<domain>/schemas.ts`) holds per
 * endpoint name, and the envelopes its response schemas check. Requests are parsed in full by the
 * backend's router before a handler runs; the client reads its result types from the response
 * schemas. Field rules and messages come from fields.ts.
 *
 * Response schemas check the envelope (`code`, `msg`, `data` / `rows` + `total`); the payload's
 * shape is the TypeScript type named here (`payload<T>()` only checks that it is present). The
 * client checks responses in development and tests, not in production.
 */
import { z } from 'zod';
import type { AckResult, AjaxResult, TableDataInfo } from './common';
import type { EndpointEntry } from './endpoint';

/** What one call's schemas are besides its method, path and auth. */
export interface EndpointSchemas {
  /** Path values (`:name`); present exactly when the path has some. */
  params?: z.ZodType<object, unknown>;
  query?: z.ZodType<object, unknown>;
  body?: z.ZodType<object, unknown>;
  response: z.ZodType<AckResult>;
}

/** A domain's schemas: one entry per call of its table, no more, no fewer. */
export type SchemasOf<Table extends Record<string, EndpointEntry>> = { readonly [K in keyof Table]: EndpointSchemas };

const code = z.number({ error: '应答缺少 code' });
const msg = z.string({ error: '应答缺少 msg' });

/** A payload the contract types; only its presence is checked. */
const payload = <T>() => z.custom<T>((value) => value !== undefined, { error: '应答缺少 data' });
const row = <T>() => z.custom<T>((value) => typeof value === 'object' && value !== null, { error: '列表行必须是对象' });

/** AjaxResult<T>: `{code, msg, data}`; other members pass through. */
export const ajax = <T>() => z.looseObject({ code, msg, data: payload<T>() }) as z.ZodType<AjaxResult<T>>;
/** TableDataInfo<T>: `{code, msg, total, rows}`. */
export const tableOf = <T>() =>
  z.looseObject({
    code,
    msg,
    total: z.number({ error: '应答缺少 total' }).int().nonnegative(),
    rows: z.array(row<T>()),
    totalCapped: z.boolean().optional(),
  }) as z.ZodType<TableDataInfo<T>>;
/** AckResult: `{code, msg}`. */
export const ack = z.looseObject({ code, msg }) as z.ZodType<AckResult>;
/** A RuoYi answer whose fields sit beside code and msg (login, getInfo, captcha). */
export const resultOf = <T extends AckResult>() => z.looseObject({ code, msg }) as unknown as z.ZodType<T>;
