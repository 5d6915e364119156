import { useState } from 'react';
import { DemoVideo } from './demo-video';
import { DEMOS } from './demos';

const HERO_DEMOS = [DEMOS['cat-in-box'], DEMOS['classic-car-color'], DEMOS['warrior-zones']];

/** The hero's demos, one after another in a loop. */
export function HeroDemos() {
  const [index, setIndex] = useState(0);
  const demo = HERO_DEMOS[index % HERO_DEMOS.length] ?? DEMOS['cat-in-box'];
  return (
    <DemoVideo key={demo.video} demo={demo} loop={false} onEnded={() => setIndex((i) => i + 1)} />
  );
}
