// The shape every locale must fill: the reference locale's keys with any string as value.
import type { enGb } from './en-gb.js';

type Widen<T> = { readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

export type Messages = Widen<typeof enGb>;
