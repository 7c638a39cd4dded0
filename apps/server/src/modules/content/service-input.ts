import { idField } from '@pipwise/shared';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';

/**
 * An id given to a back-office service, checked like every id from outside (a positive
 * integer of a BIGINT column): the services are called with what operators send.
 */
export function checkedId(value: unknown, field = 'id'): number {
  return parseInput(z.object({ [field]: idField }), { [field]: value })[field] as number;
}
