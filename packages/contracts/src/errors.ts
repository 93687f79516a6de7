import { z } from 'zod';

/** The one error shape every API answers with. `field` names the input the message is about. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
