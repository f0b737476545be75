import type { z } from 'zod';

/**
 * What a form shows for a zod result: the first message of each field, in the order the fields
 * failed ({} when valid). react-hook-form's zod resolver keeps the first issue per field too.
 */
export function firstMessages(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    messages[field] ??= issue.message;
  }
  return messages;
}
