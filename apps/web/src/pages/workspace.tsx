import { Workspace } from '@/features/workspace/workspace';

export function WorkspacePage() {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="font-display text-4xl font-bold text-ink">Create a Sketch Video</h1>
      <div className="mt-8">
        <Workspace />
      </div>
    </div>
  );
}
