import type {
  CopyTagTemplateBody,
  TagTemplate,
  TagTemplateList,
  UpdateTagTemplateBody,
} from '@filmroom/contract';
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

/** Saves a change to one of the coach's own code windows; the server checks the whole window. */
export function useUpdateTagTemplate(templateId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateTagTemplateBody) => {
      const res = await apiRequest('PATCH', `/api/tagging/templates/${templateId}`, body);
      return (await res.json()) as TagTemplate;
    },
    // Silent here: the editor shows the server's reason next to the form.
    meta: { showErrorToast: false },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TAG_TEMPLATES_QUERY_KEY }),
  });
}
