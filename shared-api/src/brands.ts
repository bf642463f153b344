import { z } from 'zod';
import { Id } from './common.ts';

export const Brand = z.object({ _id: Id, name: z.string() });
export type Brand = z.infer<typeof Brand>;
export const BrandList = z.array(Brand);
