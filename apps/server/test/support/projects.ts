import type { Project } from '@rasma/contract';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { clientOf } from './http.js';

/** A small plain picture, 64 by 48. */
export const smallPng = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** A new project of `smallPng` with an empty state, made by the person `json` calls as (201). */
export async function newProject(json: ReturnType<typeof clientOf>['json']): Promise<Project> {
  const body = new FormData();
  body.set('image', new Blob([new Uint8Array(await smallPng())], { type: 'image/png' }), 'a.png');
  body.set('state', '{}');
  const created = await json<Project>('/api/projects', { method: 'POST', body });
  expect(created.status).toBe(201);
  return created.body;
}
