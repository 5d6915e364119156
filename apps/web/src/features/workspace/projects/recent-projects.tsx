import { useQuery } from '@tanstack/react-query';
import { FolderOpen, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import type { ProjectSummary } from '@/lib/contract';
import { changedAgo } from './changed-ago';
import { DeleteProjectDialog } from './delete-project-dialog';
import { recentProjectsQuery } from '../api';

/**
 * The person's recent projects but the one open (newest change first), each one click from being
 * worked on again. Nothing is shown while there are none.
 */
export function RecentProjects({
  openId,
  openingId,
  onOpen,
}: {
  openId: string | null;
  openingId: string | null;
  onOpen: (project: ProjectSummary) => void;
}) {
  const { data } = useQuery(recentProjectsQuery);
  const [deleting, setDeleting] = useState<ProjectSummary | null>(null);
  const projects = data?.filter((project) => project.id !== openId) ?? [];
  if (projects.length === 0) return null;
  return (
    <Card
      title="Recent Projects"
      description="Your work is saved as you go: open a project again to pick up where you left off."
    >
      <ul aria-label="Recent projects" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {projects.map((project) => (
          <li
            key={project.id}
            className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <div className="flex aspect-video items-center justify-center bg-slate-100">
              <img
                src={project.thumbnailUrl}
                alt=""
                loading="lazy"
                className="h-full w-full bg-white object-contain"
              />
            </div>
            <div className="grid gap-2 p-3">
              <div className="min-w-0">
                <h3 className="truncate text-sm font-semibold text-ink" title={project.title}>
                  {project.title}
                </h3>
                <p className="text-xs text-slate-500">Changed {changedAgo(project.updatedAt)}</p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  className="flex-1"
                  aria-label={`Open again: ${project.title}`}
                  disabled={openingId !== null}
                  onClick={() => onOpen(project)}
                >
                  {openingId === project.id ? (
                    <Spinner />
                  ) : (
                    <FolderOpen className="h-4 w-4" aria-hidden="true" />
                  )}
                  Open again
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Delete project ${project.title}`}
                  title={`Delete project ${project.title}`}
                  className="text-red-600 hover:bg-red-50"
                  onClick={() => setDeleting(project)}
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} />
    </Card>
  );
}
