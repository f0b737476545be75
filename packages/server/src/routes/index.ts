import type { FastifyInstance } from 'fastify';
import authRoutes from './auth.ts';
import fileRoutes from './files.ts';
import healthRoutes from './health.ts';
import permissionRoutes from './permissions.ts';
import userRoutes from './users.ts';
import visitRoutes from './visits.ts';
import visitMapRoutes from './visit-map.ts';
import photoRoutes from './photos.ts';
import reportRoutes from './reports.ts';
import masterDataRoutes from './master-data.ts';
import surveyRoutes from './surveys.ts';

/** A route module registers its contract operations with `registerOperation`. */
export type RouteModule = (app: FastifyInstance) => void | Promise<void>;

/** Every route module of /api/v1, registered in this order. Append new resources here. */
export const routeModules: RouteModule[] = [
  authRoutes,
  permissionRoutes,
  userRoutes,
  fileRoutes,
  healthRoutes,
  // master data
  masterDataRoutes,
  // surveys
  surveyRoutes,
  // visits
  visitRoutes,
  visitMapRoutes,
  photoRoutes,
  // reports
  reportRoutes,
];
