import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useReducer } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORY_LIMITS, STORY_MESSAGES, TRANSITION_LABELS } from '@/lib/contract';
import { SceneStrip } from './scene-strip';
import { newScene, storyReducer, type Story } from './story-state';

afterEach(cleanup);

const THREE: Story = {
  scenes: [
    newScene('a', 'project'),
    newScene('b', 'blank'),
    newScene('c', { imageId: '3f2b8c1e-5d4a-4b6c-9e8f-7a6b5c4d3e2f' }),
  ],
  activeId: 'a',
  keepsScenes: true,
};

/** The strip over a story kept by the story's own reducer; `onDelete` is watched. */
function Strip({
  start = THREE,
  onDelete = () => {},
}: {
  start?: Story;
  onDelete?: (id: string) => void;
}) {
  const [story, act] = useReducer(storyReducer, start);
  return (
    <>
      <SceneStrip
        story={story}
        told
        sceneSeconds={story.scenes.map((_, i) => 10 + i)}
        totalSeconds={63}
        thumbnail={(picture) => (picture === 'blank' ? undefined : 'blob:picture')}
        paper={{ width: 1600, height: 900 }}
        refusal={null}
        addPanel={<p>the add panel</p>}
        onSelect={(id) => act({ type: 'select', id })}
        onMove={(id, to) => act({ type: 'move', id, to })}
        onDuplicate={(id) => act({ type: 'duplicate', id, newId: `${id}-copy` })}
        onDelete={onDelete}
        onTransition={(id, transition) => act({ type: 'change', id, change: { transition } })}
      />
      <p data-testid="order">{story.scenes.map((scene) => scene.id).join(',')}</p>
    </>
  );
}

const order = () => screen.getByTestId('order').textContent;
const thumbnail = (n: number) => screen.getByRole('button', { name: `Scene ${n}` });

describe('the scene strip', () => {
  it('lists the scenes in order with their numbers and lengths, the open one marked', () => {
    render(<Strip />);
    const list = screen.getByRole('list', { name: 'Scenes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(thumbnail(1).getAttribute('aria-current')).toBe('step');
    expect(thumbnail(2).getAttribute('aria-current')).toBeNull();
    // Its number, 2, and its length, 0:11.
    expect(thumbnail(2).textContent).toBe('20:11');
    expect(screen.getByText('Story: 3 scenes, 1:03')).toBeTruthy();
    // A blank board is paper in the story's proportions.
    const paper = within(thumbnail(2)).getByTestId('blank-paper');
    expect(paper.style.aspectRatio).toBe('1600 / 900');
  });

  it('moves the focused scene with Alt and the arrows, keeping the focus, and says so', async () => {
    render(<Strip />);
    thumbnail(1).focus();
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(order()).toBe('b,a,c');
    // The moved scene is now scene 2, and still has the focus.
    expect(document.activeElement).toBe(thumbnail(2));
    expect(screen.getByRole('status').textContent).toBe('Scene moved to place 2 of 3.');
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(order()).toBe('b,c,a');
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(order()).toBe('b,c,a');
    await userEvent.keyboard('{Alt>}{ArrowLeft}{/Alt}');
    expect(order()).toBe('b,a,c');
    // An arrow alone moves nothing.
    await userEvent.keyboard('{ArrowLeft}');
    expect(order()).toBe('b,a,c');
  });

  it('acts on the open scene with its buttons: move, duplicate, delete', async () => {
    const onDelete = vi.fn();
    render(<Strip onDelete={onDelete} />);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Move scene left' }).disabled,
    ).toBe(true);
    await userEvent.click(thumbnail(2));
    expect(thumbnail(2).getAttribute('aria-current')).toBe('step');
    await userEvent.click(screen.getByRole('button', { name: 'Move scene left' }));
    expect(order()).toBe('b,a,c');
    await userEvent.click(screen.getByRole('button', { name: 'Move scene right' }));
    expect(order()).toBe('a,b,c');
    await userEvent.click(screen.getByRole('button', { name: 'Duplicate scene' }));
    expect(order()).toBe('a,b,b-copy,c');
    expect(thumbnail(3).getAttribute('aria-current')).toBe('step');
    await userEvent.click(screen.getByRole('button', { name: 'Delete scene' }));
    expect(onDelete).toHaveBeenCalledWith('b-copy');
  });

  it('adds and duplicates no scene past the limit, and says why', () => {
    const ids = Array.from({ length: STORY_LIMITS.maxScenes }, (_, i) => `s${i}`);
    render(
      <Strip
        start={{
          scenes: ids.map((id) => newScene(id, 'blank')),
          activeId: 's0',
          keepsScenes: true,
        }}
      />,
    );
    const add = screen.getByRole<HTMLButtonElement>('button', { name: 'Add scene' });
    expect(add.disabled).toBe(true);
    expect(add.title).toBe(STORY_MESSAGES.tooManyScenes);
    expect(
      screen.getByRole<HTMLButtonElement>('button', { name: 'Duplicate scene' }).disabled,
    ).toBe(true);
  });

  it('sets the transition after each scene but the last, and its seconds but for a cut', async () => {
    render(<Strip />);
    expect(screen.queryByRole('combobox', { name: 'Transition after scene 3' })).toBeNull();
    const after1 = screen.getByRole<HTMLSelectElement>('combobox', {
      name: 'Transition after scene 1',
    });
    expect([...after1.options].map((option) => option.text)).toEqual(
      Object.values(TRANSITION_LABELS),
    );
    const [first] = within(screen.getByRole('list', { name: 'Scenes' })).getAllByRole('listitem');
    const seconds = within(first!).getByRole<HTMLInputElement>('spinbutton', {
      name: 'Transition seconds',
    });
    expect(seconds.value).toBe(String(STORY_LIMITS.transitionSeconds.default));
    await userEvent.selectOptions(after1, 'camera');
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '2.5');
    expect(seconds.value).toBe('2.5');
    // Out of the contract's range: shown as invalid, not applied.
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '9');
    expect(seconds.getAttribute('aria-invalid')).toBe('true');
    await userEvent.tab();
    expect(seconds.value).toBe('2.5');
    await userEvent.selectOptions(after1, 'cut');
    expect(within(first!).queryByRole('spinbutton')).toBeNull();
  });

  it('shows only "Add scene" before there is a story, and opens the add panel', async () => {
    render(
      <SceneStrip
        story={{ scenes: [newScene('a', 'project')], activeId: 'a', keepsScenes: false }}
        told={false}
        sceneSeconds={[17]}
        totalSeconds={17}
        thumbnail={() => undefined}
        paper={{ width: 1600, height: 900 }}
        refusal={null}
        addPanel={<p>the add panel</p>}
        onSelect={() => {}}
        onMove={() => {}}
        onDuplicate={() => {}}
        onDelete={() => {}}
        onTransition={() => {}}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Scenes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete scene' })).toBeNull();
    expect(screen.queryByText('the add panel')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add scene' }));
    expect(screen.getByText('the add panel')).toBeTruthy();
  });
});
