import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { useApiMutation } from '@/lib/api-query';
import { api, type ProjectSummary } from '@/lib/contract';
import { refreshRecentProjects } from './project-api';

/** Asks before a project is deleted for good; `project` null keeps the dialog closed. */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: ProjectSummary | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const remove = useApiMutation(api.deleteProject, {
    onSuccess: () => {
      toast({ title: 'Project Deleted', description: `"${project?.title}" was removed.` });
      onClose();
      void refreshRecentProjects(queryClient);
    },
    onError: () =>
      toast({
        title: 'Delete Failed',
        description: 'Failed to delete the project. Please try again.',
        variant: 'destructive',
      }),
  });
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Delete Project</DialogTitle>
        <DialogDescription>
          Are you sure you want to delete "{project?.title}"? Its image, zones, settings and stroke
          edits are removed for good; videos made from it stay in your library.
        </DialogDescription>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => project && remove.mutate({ params: { id: project.id } })}
          >
            {remove.isPending && <Spinner />}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
