import type { AiModel, Direction } from '@rasma/contract';
import type { AiModel as EngineAiModel, Direction as EngineDirection } from '@rasma/engine';

/**
 * The engine may not import the contract (it knows nothing of HTTP), so both spell out the
 * directions and models. These checks fail the typecheck the day the two lists drift apart.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type DirectionsMatch = Assert<Same<Direction, EngineDirection>>;
export type AiModelsMatch = Assert<Same<AiModel, EngineAiModel>>;
