import { useQueryClient } from '@tanstack/react-query';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { toast } from '@/hooks/use-toast';
import type { ProjectSummary } from '@/lib/contract';
import { refreshProjects, useDeleteProject } from '../api';

/** Asks before a project is deleted for good; `project` null keeps the dialog closed. */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: ProjectSummary | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useDeleteProject({
    onSuccess: () => {
      toast({ title: 'Project Deleted', description: `"${project?.title}" was removed.` });
      onClose();
      void refreshProjects(queryClient);
    },
    onError: () =>
      toast({
        title: 'Delete Failed',
        description: 'Failed to delete the project. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <ConfirmDeleteDialog
      open={project !== null}
      title="Delete Project"
      pending={remove.isPending}
      onConfirm={() => project && remove.mutate({ params: { id: project.id } })}
      onClose={onClose}
    >
      Are you sure you want to delete "{project?.title}"? Its image, zones, settings and stroke
      edits are removed for good; videos made from it stay in your library.
    </ConfirmDeleteDialog>
  );
}
