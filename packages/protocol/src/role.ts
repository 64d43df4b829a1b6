import { TEAMS, type Team } from '@belfry/engine';
import { z } from 'zod';

/** Spec 3 §3 Script character schema, as a seat or bluff carries a role (custom roles travel whole). */
export const roleSpecialSchema = z
  .object({
    type: z.string().max(50),
    name: z.string().max(50),
    value: z.union([z.string().max(100), z.number()]).optional(),
    time: z.string().max(50).optional(),
    global: z.string().max(50).optional(),
  })
  .strict();

export const roleSchema = z
  .object({
    id: z.string().min(1).max(50),
    name: z.string().min(1).max(30),
    team: z.enum(TEAMS as [Team, ...Team[]]),
    ability: z.string().max(250).optional(),
    flavor: z.string().max(500).optional(),
    edition: z.string().max(50).optional(),
    image: z.string().max(250).optional(),
    reminders: z.array(z.string().max(30)).max(20).optional(),
    remindersGlobal: z.array(z.string().max(25)).max(20).optional(),
    firstNight: z.number().min(0).max(1000).optional(),
    otherNight: z.number().min(0).max(1000).optional(),
    firstNightReminder: z.string().max(500).optional(),
    otherNightReminder: z.string().max(500).optional(),
    setup: z.boolean().optional(),
    special: z.array(roleSpecialSchema).max(20).optional(),
    isCustom: z.boolean().optional(),
  })
  .strict();

export const alignmentSchema = z.union([z.null(), z.literal('g'), z.literal('e')]);
