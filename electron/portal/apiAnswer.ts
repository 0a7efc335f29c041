import type { PortalAnswer } from '../../shared/ports/Portal';
import { errorBodySchema } from '../../shared/portal/vigiechiro/apiDocuments';
import type { HttpAnswer } from './httpExchange';

/*
 * Reading what the Vigie-Chiro API answered: its JSON, its own error document (`_errors`, from
 * `make_json_error`), kept as evidence when an answer is an answer ("already done").
 */

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

export const jsonOf = (answer: HttpAnswer): unknown => {
  const type = answer.headers['content-type'] ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) return undefined;
  try {
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
};

/** The API's `_errors` when the answer is the API's own error document. */
export const apiErrorsOf = (answer: HttpAnswer): { readonly errors: unknown } | undefined => {
  const parsed = errorBodySchema.safeParse(jsonOf(answer));
  if (!parsed.success || !('_errors' in parsed.data)) return undefined;
  return { errors: parsed.data._errors };
};

export const evidenceOf = (answer: HttpAnswer, errors: unknown): PortalAnswer => ({
  status: answer.status,
  ...(errors === undefined ? {} : { detail: JSON.stringify(errors) }),
});
