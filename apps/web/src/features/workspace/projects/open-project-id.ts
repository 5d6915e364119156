/**
 * The project the workspace has open, remembered in this browser so that a reload opens it again.
 * Only its id: the work itself is on the server.
 */
const OPEN_PROJECT_KEY = 'rasma.workspace.openProject';

export const rememberedProjectId = (): string | null => localStorage.getItem(OPEN_PROJECT_KEY);

export const rememberOpenProject = (id: string) => localStorage.setItem(OPEN_PROJECT_KEY, id);

export const forgetOpenProject = () => localStorage.removeItem(OPEN_PROJECT_KEY);
