import { asArrayWithTotal, defineRestRoutes } from '../../plugins/rest-adapter.ts';

export const timeRestRoutes = defineRestRoutes([
  {
    method: 'GET',
    path: '/api/time-entries',
    procedure: 'time.list',
    respond: asArrayWithTotal,
  },
  { method: 'POST', path: '/api/time-entries', procedure: 'time.create', status: 201 },
  { method: 'PUT', path: '/api/time-entries/{id}', procedure: 'time.update' },
  { method: 'DELETE', path: '/api/time-entries/{id}', procedure: 'time.delete' },
  { method: 'GET', path: '/api/timer', procedure: 'timer.current' },
  { method: 'POST', path: '/api/timer/start', procedure: 'timer.start' },
  { method: 'POST', path: '/api/timer/pause', procedure: 'timer.pause' },
  { method: 'POST', path: '/api/timer/stop', procedure: 'timer.stop' },
  { method: 'DELETE', path: '/api/timer', procedure: 'timer.discard' },
]);
