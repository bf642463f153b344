import { z } from 'zod';
import { Id } from './common.ts';

/** A brand, and how many of its phones are on sale now (what a visitor's sign-in page promises, issue 65). */
export const Brand = z.object({ _id: Id, name: z.string(), onSale: z.number().int().min(0) });
export type Brand = z.infer<typeof Brand>;
export const BrandList = z.array(Brand);
