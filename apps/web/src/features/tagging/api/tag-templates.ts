import type { CopyTagTemplateBody, TagTemplate, TagTemplateList } from '@filmroom/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/query-client';
import { TAG_TEMPLATES_QUERY_KEY } from './tag-keys';

/** The coach's code windows, those shared with their teams, and the ready-made ones. */
export function useTagTemplates() {
  return useQuery(
    queryOptions<TagTemplateList>({
      queryKey: TAG_TEMPLATES_QUERY_KEY,
      meta: { showErrorToast: false },
    }),
  );
}

async function copyTemplate(body: CopyTagTemplateBody): Promise<TagTemplate> {
  const res = await apiRequest('POST', '/api/tagging/templates/copy', body);
  return (await res.json()) as TagTemplate;
}

/** Copies a ready-made code window (or a shared one) into the coach's own. */
export function useCopyTagTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAG_TEMPLATES_QUERY_KEY }),
  });
}
