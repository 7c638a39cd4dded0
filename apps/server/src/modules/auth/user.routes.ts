import { userInfoEndpoint, type User } from '@pipwise/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, UserTable } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import { sessionOf } from '../../http/auth-hook.js';
import { registerEndpoint } from '../../http/route.js';
import { findUserById } from './user.repository.js';

export function toUserDto(row: Omit<UserTable, 'id'> & { id: number }): User {
  return {
    id: Number(row.id),
    uid: row.uid,
    email: row.email,
    area_code: row.area_code,
    mobile: row.mobile,
    invite_code: row.invite_code,
    is_demo: row.is_demo === 1 ? 1 : 0,
  };
}

export function registerUserRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, userInfoEndpoint, async (_input, request) => {
    const user = await findUserById(db, sessionOf(request).userId);
    if (!user) throw AppError.sessionExpired();
    return toUserDto(user);
  });
}
