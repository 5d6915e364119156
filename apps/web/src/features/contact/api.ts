import { useApiMutation, type ApiMutationOptions } from '@/lib/api-query';
import { api } from '@/lib/contract';

/** Sends the contact form's message to the support address. */
export const useSendContactMessage = (options: ApiMutationOptions<typeof api.contact>) =>
  useApiMutation(api.contact, options);
