import type { BroadcastComposeInput, BroadcastPreview } from '@paws/contracts/staff-promotions';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Who the broadcast would reach and what they would read; nothing is sent. */
export const previewBroadcast = (body: BroadcastComposeInput) =>
  api.post<BroadcastPreview>('/broadcasts/preview', body);

export const usePreviewBroadcast = () => useMutation({ mutationFn: previewBroadcast });
